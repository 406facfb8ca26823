import type { Catalog } from '../types/catalog'
import type en from '../en/desktop'

export default {
  desktop: {
    tray: {
      open: 'Abrir o Statusdesk',
      syncNow: 'Sincronizar agora',
      nextStory: 'Próximo status: {when} · {snippet}',
      nextStoryNoText: 'Próximo status: {when}',
      noStory: 'Nenhum status agendado',
      quit: 'Sair do Statusdesk',
      tooltip: 'Statusdesk — {next}',
    },
    quit: {
      message: 'Há um status agendado. Sair mesmo assim? | Há {count} status agendados. Sair mesmo assim?',
      detail:
        'Os status agendados só são enviados enquanto o Statusdesk está aberto. Se ele não estiver aberto no horário, eles não são enviados atrasados: o app pergunta o que fazer quando abrir de novo.',
      keepRunning: 'Continuar aberto',
      quit: 'Sair',
    },
    menu: {
      file: 'Arquivo',
      edit: 'Editar',
      view: 'Exibir',
      window: 'Janela',
      speech: 'Fala',
      about: 'Sobre o Statusdesk',
      services: 'Serviços',
      hide: 'Ocultar o Statusdesk',
      hideOthers: 'Ocultar os outros',
      showAll: 'Mostrar tudo',
      quitApp: 'Sair do Statusdesk',
      quit: 'Sair',
      exit: 'Sair',
      close: 'Fechar',
      newWindow: 'Nova janela',
      closeWindow: 'Fechar janela',
      undo: 'Desfazer',
      redo: 'Refazer',
      cut: 'Recortar',
      copy: 'Copiar',
      paste: 'Colar',
      pasteAndMatchStyle: 'Colar com o mesmo estilo',
      delete: 'Excluir',
      selectAll: 'Selecionar tudo',
      startSpeaking: 'Iniciar fala',
      stopSpeaking: 'Parar fala',
      forceReload: 'Forçar recarregamento',
      toggleDevTools: 'Mostrar ou ocultar as ferramentas do desenvolvedor',
      actualSize: 'Tamanho real',
      zoomIn: 'Ampliar',
      zoomOut: 'Reduzir',
      toggleFullScreen: 'Ativar ou desativar tela cheia',
      minimize: 'Minimizar',
      zoom: 'Zoom',
      bringAllToFront: 'Trazer tudo para a frente',
    },
    notifications: {
      published: {
        title: 'Status publicado',
        titleOnAccount: 'Status publicado em {account}',
        body: 'Seu status agendado ou na fila já está no ar.',
        bodyWithCaption: '“{caption}”: seu status agendado ou na fila já está no ar.',
      },
      failed: {
        title: 'Status não publicado',
        titleOnAccount: 'Status não publicado em {account}',
        body: 'O servidor recusou. Abra a caixa de saída para enviar de novo ou descartar.',
        bodyWithCaption: '“{caption}”: o servidor recusou. Abra a caixa de saída para enviar de novo ou descartar.',
      },
      unknown: {
        title: 'Resultado do status desconhecido',
        titleOnAccount: 'Resultado de um status desconhecido em {account}',
        body: 'Nenhuma resposta voltou: confira a conta e decida na caixa de saída.',
        bodyWithCaption: '“{caption}”: nenhuma resposta voltou. Confira a conta e decida na caixa de saída.',
      },
      missed: {
        title: 'Um status planejado perdeu o horário',
        titleOnAccount: 'Um status planejado em {account} perdeu o horário',
        body: 'Ele não foi enviado atrasado. Abra a caixa de saída para enviar agora, reagendar ou cancelar.',
        bodyWithCaption: '“{caption}” não foi enviado atrasado. Abra a caixa de saída para enviar agora, reagendar ou cancelar.',
      },
    },
    updateFeed: {
      title: 'Endereço de atualizações',
      message: 'Baixar as atualizações do Statusdesk de {host}?',
      detail:
        'As configurações pedem para buscar atualizações em {address}. Atualizações são programas que este computador vai executar: aceite só um endereço de confiança.',
      keep: 'Manter o endereço atual',
      use: 'Usar este endereço',
    },
    openDialog: {
      media: 'Escolha uma imagem, um vídeo ou um áudio',
      mediaFiles: 'Imagens, vídeos e áudio',
      allFiles: 'Todos os arquivos',
    },
    saveDialog: {
      groups: 'Exportar grupos',
      participants: 'Exportar participantes',
      viewers: 'Exportar quem viu o status',
      agentActivity: 'Exportar a atividade do agente',
      csvFiles: 'Arquivos CSV',
    },
    web: {
      ready: {
        running: 'O Statusdesk (modo web) está em execução. O endereço dele, com o segredo desta inicialização:',
        dataFolder: 'Pasta de dados: {folder}',
        stop: 'Pressione {keys} para parar.',
      },
      openFailed: {
        missing: 'Nenhum navegador pôde ser aberto ({command} não foi encontrado): abra {url} no seu navegador.',
        failed: 'Nenhum navegador pôde ser aberto com {command}: abra {url} no seu navegador.',
      },
      usage: {
        badPort: '{option} deve ser um número de porta de 1 a 65535 (ou 0 para qualquer porta livre), não “{value}”.',
        badNpmPort:
          'A porta informada ao {tool} ({option}) deve ser um número de 1 a 65535 (ou 0 para qualquer porta livre), não “{value}”.',
        unexpectedArgument: 'Argumento inesperado “{argument}”. O modo web aceita: {options}.',
        unknownOption: 'Opção desconhecida {option}. O modo web aceita: {options}.',
        missingValue: 'A opção {option} precisa de um valor logo depois dela.',
        noValue: 'A opção {option} não aceita valor: escreva-a sozinha.',
        unreadable: 'Não foi possível ler as opções. O modo web aceita: {options}.',
        portInUse: 'A porta {port} já está em uso por outro programa: feche-o ou escolha outra porta com {option}.',
        portNeedsRights: 'A porta {port} exige permissões especiais neste sistema: escolha uma porta acima de 1023 com {option}.',
      },
      launch: {
        title: 'Abrindo o Statusdesk',
        body: 'Abrindo o Statusdesk… Se nada acontecer, use o link abaixo.',
        link: 'Continuar para o Statusdesk',
      },
    },
    agent: {
      ready: {
        running: 'O agente do Statusdesk está pronto em {url}.',
        dataFolder: 'Pasta de dados: {folder}',
        database: 'Banco de dados: {database}',
      },
      pairing: {
        code: 'Para parear um computador com este agente, digite nele este código: {code}. Ele vale até {expiresAt}, com {tries} tentativas.',
      },
      tls: {
        unreadable: 'Não é possível ler o certificado ou a chave TLS ({file}), ou a chave não é a do certificado.',
        fingerprint:
          'A impressão digital do certificado do agente (SHA-256) é {fingerprint}. Um computador que parear pela rede a mostra: confira se são iguais.',
      },
      database: {
        unreachable: 'Não é possível alcançar o banco de dados ({database}): nova tentativa em {seconds}.',
      },
      key: {
        missing:
          'O agente precisa da chave do operador para guardar criptografados os tokens dos provedores: defina {variable} (ou {fileVariable}, um arquivo com ela) com 32 bytes aleatórios em {encoding}, como {command} imprime.',
        both: 'Defina {variable} ou {fileVariable}, não as duas.',
        invalid: '{variable} deve conter 32 bytes escritos em {encoding} (como {command} imprime), e não contém.',
        unreadable: 'Não é possível ler o arquivo da chave {file}.',
      },
      admin: {
        device: '{name} ({id}): visto por último {seen}, última ação: {action}.',
        devicePerson: '{name}, pareado por {person} ({id}): visto por último {seen}, última ação: {action}.',
        none: 'Nenhum dispositivo está pareado com este agente.',
        revoked: 'O dispositivo {id} foi revogado: o agente recusa o token dele a partir da próxima chamada.',
        noDevice: 'Nenhum dispositivo {id} está pareado com este agente: {list} os lista.',
        held: 'O agente em execução mantém aberto o banco de dados embutido ({database}): pare-o antes, ou revogue o dispositivo em um desktop pareado em Configurações → Agente.',
        revokeUsage: 'Diga qual dispositivo revogar: {command} ({list} os lista).',
      },
      usage: {
        unknownOption: 'Opção desconhecida {option}. O agente aceita: {options}.',
        unexpectedArgument: 'Argumento inesperado “{argument}”. O agente aceita: {options}.',
        missingValue: 'A opção {option} precisa de um valor depois dela.',
        noValue: 'A opção {option} não leva valor: escreva-a sozinha.',
        unreadable: 'Não foi possível ler as opções. O agente aceita: {options}.',
        badListen: '{option} deve ser {form}, com uma porta de 1 a 65535 (ou 0 para qualquer uma livre), e não “{value}”.',
        badLateMinutes: '{option} deve ser um número inteiro de minutos de 0 a {max}, e não “{value}”.',
        notLoopback:
          'Sem TLS o agente só escuta nesta máquina ({hosts}): em {host}, os tokens dos dispositivos atravessariam a rede sem criptografia. Adicione {own} (o agente cria o próprio certificado) ou {cert} e {key} (os seus).',
        tlsPair: 'Informe {cert} e {key} juntos, para o seu próprio certificado, ou só {own}, para um que o agente cria.',
        portInUse: 'A porta {port} em {host} já está em uso por outro programa: pare-o ou escolha outra com {option}.',
        portNeedsRights: 'A porta {port} exige permissões especiais neste sistema: escolha uma porta acima de 1023 com {option}.',
      },
    },
  },
} satisfies Catalog<typeof en>
