import type { Catalog } from '../types/catalog'
import type en from '../en/desktop'

export default {
  desktop: {
    tray: {
      open: 'Buka Statusdesk',
      syncNow: 'Sinkronkan sekarang',
      nextStory: 'Status berikutnya: {when} · {snippet}',
      nextStoryNoText: 'Status berikutnya: {when}',
      noStory: 'Tidak ada status terjadwal',
      quit: 'Keluar dari Statusdesk',
      tooltip: 'Statusdesk — {next}',
    },
    quit: {
      message: 'Ada {count} status terjadwal. Tetap keluar?',
      detail:
        'Status terjadwal hanya dikirim selama Statusdesk berjalan. Jika aplikasi tidak berjalan pada waktunya, status tidak dikirim terlambat: aplikasi akan bertanya kepada Anda saat dibuka lagi.',
      keepRunning: 'Tetap berjalan',
      quit: 'Keluar',
    },
    menu: {
      file: 'Berkas',
      edit: 'Sunting',
      view: 'Tampilan',
      window: 'Jendela',
      speech: 'Ucapan',
      about: 'Tentang Statusdesk',
      services: 'Layanan',
      hide: 'Sembunyikan Statusdesk',
      hideOthers: 'Sembunyikan Lainnya',
      showAll: 'Tampilkan Semua',
      quitApp: 'Keluar dari Statusdesk',
      quit: 'Keluar',
      exit: 'Keluar',
      close: 'Tutup',
      newWindow: 'Jendela Baru',
      closeWindow: 'Tutup Jendela',
      undo: 'Urungkan',
      redo: 'Ulangi',
      cut: 'Potong',
      copy: 'Salin',
      paste: 'Tempel',
      pasteAndMatchStyle: 'Tempel dan Samakan Gaya',
      delete: 'Hapus',
      selectAll: 'Pilih Semua',
      startSpeaking: 'Mulai Bicara',
      stopSpeaking: 'Berhenti Bicara',
      forceReload: 'Paksa Muat Ulang',
      toggleDevTools: 'Tampilkan atau Sembunyikan Alat Pengembang',
      actualSize: 'Ukuran Sebenarnya',
      zoomIn: 'Perbesar',
      zoomOut: 'Perkecil',
      toggleFullScreen: 'Layar Penuh',
      minimize: 'Minimalkan',
      zoom: 'Perbesar Jendela',
      bringAllToFront: 'Bawa Semua ke Depan',
    },
    notifications: {
      published: {
        title: 'Status dipublikasikan',
        titleOnAccount: 'Status dipublikasikan di {account}',
        body: 'Status terjadwal atau antrean Anda sudah tayang.',
        bodyWithCaption: '“{caption}”: status terjadwal atau antrean Anda sudah tayang.',
      },
      failed: {
        title: 'Status tidak dipublikasikan',
        titleOnAccount: 'Status tidak dipublikasikan di {account}',
        body: 'Server menolaknya. Buka kotak keluar untuk mengirim lagi atau membuangnya.',
        bodyWithCaption: '“{caption}”: server menolaknya. Buka kotak keluar untuk mengirim lagi atau membuangnya.',
      },
      unknown: {
        title: 'Hasil status tidak diketahui',
        titleOnAccount: 'Hasil status di {account} tidak diketahui',
        body: 'Tidak ada jawaban: periksa akun, lalu putuskan di kotak keluar.',
        bodyWithCaption: '“{caption}”: tidak ada jawaban. Periksa akun, lalu putuskan di kotak keluar.',
      },
      missed: {
        title: 'Status terencana melewatkan waktunya',
        titleOnAccount: 'Status terencana di {account} melewatkan waktunya',
        body: 'Status tidak dikirim terlambat. Buka kotak keluar untuk mengirim sekarang, menjadwalkan ulang, atau membatalkannya.',
        bodyWithCaption:
          '“{caption}” tidak dikirim terlambat. Buka kotak keluar untuk mengirim sekarang, menjadwalkan ulang, atau membatalkannya.',
      },
    },
    updateFeed: {
      title: 'Alamat pembaruan',
      message: 'Unduh pembaruan Statusdesk dari {host}?',
      detail:
        'Pengaturan meminta pembaruan diambil dari {address}. Pembaruan adalah program yang akan dijalankan komputer ini: terima hanya alamat yang Anda percayai.',
      keep: 'Pertahankan alamat saat ini',
      use: 'Gunakan alamat ini',
    },
    openDialog: {
      media: 'Pilih gambar, video, atau berkas audio',
      mediaFiles: 'Gambar, video, dan audio',
      allFiles: 'Semua berkas',
    },
    saveDialog: {
      groups: 'Ekspor grup',
      participants: 'Ekspor peserta',
      viewers: 'Ekspor yang melihat status',
      agentActivity: 'Ekspor aktivitas agen',
      csvFiles: 'Berkas CSV',
    },
    web: {
      ready: {
        running: 'Statusdesk (mode web) sedang berjalan. Alamatnya, dengan rahasia peluncuran ini:',
        dataFolder: 'Folder data: {folder}',
        stop: 'Tekan {keys} untuk menghentikan.',
      },
      openFailed: {
        missing: 'Tidak ada browser yang bisa dibuka ({command} tidak ditemukan): buka {url} di browser Anda.',
        failed: 'Tidak ada browser yang bisa dibuka dengan {command}: buka {url} di browser Anda.',
      },
      usage: {
        badPort: '{option} harus berupa nomor port dari 1 sampai 65535 (atau 0 untuk port kosong mana pun), bukan “{value}”.',
        badNpmPort:
          'Port yang diberikan ke {tool} ({option}) harus berupa angka dari 1 sampai 65535 (atau 0 untuk port kosong mana pun), bukan “{value}”.',
        unexpectedArgument: 'Argumen tak terduga “{argument}”. Mode web menerima: {options}.',
        unknownOption: 'Opsi tidak dikenal {option}. Mode web menerima: {options}.',
        missingValue: 'Opsi {option} memerlukan nilai sesudahnya.',
        noValue: 'Opsi {option} tidak menerima nilai: tulis tanpa nilai.',
        unreadable: 'Opsi tidak dapat dibaca. Mode web menerima: {options}.',
        portInUse: 'Port {port} sudah dipakai program lain: hentikan program itu, atau pilih port lain dengan {option}.',
        portNeedsRights: 'Port {port} memerlukan hak khusus di sistem ini: pilih port di atas 1023 dengan {option}.',
      },
      launch: {
        title: 'Membuka Statusdesk',
        body: 'Membuka Statusdesk… Jika tidak terjadi apa-apa, gunakan tautan di bawah.',
        link: 'Lanjutkan ke Statusdesk',
      },
    },
    agent: {
      ready: {
        running: 'Agen Statusdesk siap di {url}.',
        dataFolder: 'Folder data: {folder}',
        database: 'Basis data: {database}',
      },
      pairing: {
        code: 'Untuk memasangkan komputer dengan agen ini, masukkan kode ini di sana: {code}. Berlaku sampai {expiresAt}, untuk {tries} kali percobaan.',
      },
      tls: {
        unreadable: 'Sertifikat atau kunci TLS ({file}) tidak dapat dibaca, atau kuncinya bukan milik sertifikat itu.',
        fingerprint:
          'Sidik jari sertifikat agen (SHA-256) adalah {fingerprint}. Komputer yang dipasangkan lewat jaringan menampilkannya: pastikan keduanya sama.',
      },
      database: {
        unreachable: 'Basis data ({database}) tidak dapat dijangkau: dicoba lagi dalam {seconds}.',
      },
      key: {
        missing:
          'Agen memerlukan kunci operator agar token penyedia tetap terenkripsi: isi {variable} (atau {fileVariable}, berkas yang memuatnya) dengan 32 bita acak dalam {encoding}, seperti yang dicetak {command}.',
        both: 'Isi {variable} atau {fileVariable}, jangan keduanya.',
        invalid: '{variable} harus berisi 32 bita yang ditulis dalam {encoding} (seperti yang dicetak {command}), dan isinya bukan itu.',
        unreadable: 'Berkas kunci {file} tidak dapat dibaca.',
      },
      admin: {
        device: '{name} ({id}): terakhir terlihat {seen}, terakhir melakukan {action}.',
        devicePerson: '{name}, dipasangkan oleh {person} ({id}): terakhir terlihat {seen}, terakhir melakukan {action}.',
        none: 'Tidak ada perangkat yang dipasangkan dengan agen ini.',
        revoked: 'Perangkat {id} dicabut: agen menolak tokennya mulai panggilan berikutnya.',
        noDevice: 'Tidak ada perangkat {id} yang dipasangkan dengan agen ini: {list} mencantumkannya.',
        held: 'Agen yang berjalan memegang basis data bawaannya ({database}): hentikan dulu, atau cabut perangkat dari desktop yang dipasangkan di Pengaturan → Agen.',
        revokeUsage: 'Sebutkan perangkat yang dicabut: {command} ({list} mencantumkannya).',
      },
      usage: {
        unknownOption: 'Opsi tidak dikenal {option}. Agen menerima: {options}.',
        unexpectedArgument: 'Argumen tak terduga “{argument}”. Agen menerima: {options}.',
        missingValue: 'Opsi {option} memerlukan nilai sesudahnya.',
        noValue: 'Opsi {option} tidak menerima nilai: tulis tanpa nilai.',
        unreadable: 'Opsi tidak dapat dibaca. Agen menerima: {options}.',
        badListen: '{option} harus berbentuk {form}, dengan port 1 sampai 65535 (atau 0 untuk port bebas mana pun), bukan “{value}”.',
        badLateMinutes: '{option} harus berupa bilangan bulat menit dari 0 sampai {max}, bukan “{value}”.',
        notLoopback:
          'Tanpa TLS agen hanya mendengarkan di mesin ini ({hosts}): di {host}, token perangkat akan melintasi jaringan tanpa enkripsi. Tambahkan {own} (agen membuat sertifikatnya sendiri) atau {cert} dan {key} (milik Anda).',
        tlsPair: 'Berikan {cert} dan {key} bersama-sama untuk sertifikat Anda sendiri, atau {own} saja untuk sertifikat yang dibuat agen.',
        portInUse: 'Port {port} di {host} sudah dipakai program lain: hentikan program itu, atau pilih port lain dengan {option}.',
        portNeedsRights: 'Port {port} memerlukan hak khusus di sistem ini: pilih port di atas 1023 dengan {option}.',
      },
    },
  },
} satisfies Catalog<typeof en>
