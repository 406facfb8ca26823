import type { Catalog } from '../types/catalog'
import type en from '../en/errors'

export default {
  errors: {
    codes: {
      'invalid-argument': 'Ada bagian permintaan yang tidak valid.',
      'invalid-request': 'Server menolak permintaan karena tidak valid.',
      'invalid-response': 'Server mengirim jawaban yang tidak dapat dibaca aplikasi.',
      unauthorized: 'Server tidak menerima token.',
      payment: 'Batas paket atau masa uji coba akun telah tercapai.',
      forbidden: 'Server tidak mengizinkan akun ini melakukan itu.',
      'not-found': 'Yang diminta sudah tidak ada.',
      'too-large': 'Ukurannya terlalu besar.',
      'unsupported-media': 'Jenis file ini tidak diterima.',
      'rate-limited': 'Server menerima terlalu banyak permintaan. Tunggu sebentar lalu coba lagi.',
      server: 'Server mengalami masalah. Coba lagi nanti.',
      offline: 'Server tidak dapat dijangkau.',
      'connection-closed': 'Koneksi tertutup sebelum server menjawab.',
      timeout: 'Server tidak menjawab tepat waktu.',
      cancelled: 'Dibatalkan.',
      'unknown-outcome': 'Tidak diketahui apakah ini berhasil. Periksa sebelum mencoba lagi.',
      conflict: 'Tindakan lain mengubah ini pada saat yang sama. Coba lagi.',
      'certificate-changed': 'Pihak lain menunjukkan sertifikat yang berbeda dari yang disematkan: tidak ada yang dikirim kepadanya.',
      storage: 'Sebuah file di komputer ini tidak dapat dibaca atau ditulis.',
      internal: 'Terjadi kesalahan di dalam aplikasi.',
    },
    bridge: {
      lostContact: 'Kontak dengan layanan Statusdesk terputus. Mulai ulang aplikasi atau muat ulang halaman.',
      unknownChannel: 'Versi aplikasi ini tidak mengenal permintaan itu.',
      invalidArgument: 'Permintaan berisi nilai yang tidak valid ({field}).',
      notFromWindow: 'Permintaan ini tidak berasal dari jendela Statusdesk.',
      foreignOrigin: 'Permintaan ini datang dari situs lain, jadi ditolak.',
      wrongSecret: 'Sesi halaman ini telah berakhir. Buka Statusdesk lagi dari alamat yang ditampilkannya.',
      noEndpoint: 'Versi aplikasi ini tidak memiliki permintaan itu.',
      methodNotAllowed: 'Jenis permintaan ini tidak diizinkan di sini.',
    },
    agent: {
      noToken: 'Agen ini hanya menjawab perangkat yang sudah dipasangkan: pasangkan komputer ini dengan kode yang dicetak agen.',
      badToken: 'Perangkat ini tidak (atau tidak lagi) dipasangkan dengan agen ini: pasangkan lagi dengan kode yang dicetak agen.',
      wrongCode: 'Itu bukan kode pemasangan yang dicetak agen. Sisa percobaan: {tries}.',
      badRevoke: 'Sebutkan perangkat mana yang dicabut: id-nya, seperti yang diberikan daftar perangkat.',
      noDevice: 'Tidak ada perangkat dengan id itu yang dipasangkan dengan agen ini.',
      pairingThrottled: 'Terlalu banyak kode salah dari alamat ini: coba lagi dalam {seconds} detik.',
      noCode: 'Kode pemasangan itu tidak berlaku lagi (kedaluwarsa atau terlalu sering dicoba): masukkan kode baru yang dicetak agen.',
      badPairing: 'Pemasangan memerlukan kode yang dicetak agen dan nama untuk perangkat ini.',
    },
    agentRouting: {
      audienceAway: 'Audiens tersimpan ini ada di agen, yang tidak menjawab: ubah saat agen menjawab lagi.',
      tooManyWaiting: 'Terlalu banyak perubahan menunggu agen. Tunggu sampai agen menjawab, lalu ubah lagi.',
      badAnswer: 'Agen memberi jawaban yang tidak dapat dibaca komputer ini.',
      awayNoRevision:
        'Agen tidak dapat dihubungi dan komputer ini tidak punya keadaan cerita ini untuk mengubahnya. Coba lagi saat agen menjawab.',
      notOnAgent: 'Perubahan yang menunggu agen dibuang: akun ini tidak lagi berjalan di agen.',
      editRefused:
        'Perubahan yang Anda buat saat agen tidak ada ({at}) tidak diterapkan: cerita berubah atau sudah terkirim sementara itu. Keadaan terkini ditampilkan.',
      editFailed: 'Agen menolak perubahan yang Anda buat saat agen tidak ada ({at}). Keadaan terkini ditampilkan.',
    },
    agentPublish: {
      cancelUnsure:
        'Dibatalkan, tetapi agen tidak menjawab: agen mungkin memegang cerita itu. Periksa Kotak keluar sebelum menerbitkannya lagi.',
      cancelTooLatePlanned:
        'Cerita untuk {account} sudah dijadwalkan di agen saat Anda membatalkan: cerita itu ada di Kotak keluar; batalkan di sana.',
      cancelTooLateSent: 'Cerita untuk {account} sudah diterbitkan oleh agen saat Anda membatalkan.',
    },
    handover: {
      audiencesToFull:
        'Audiens tersimpan yang tidak dipindahkan ke agen: {count}. Pustaka agen sudah penuh ({max} audiens tersimpan): semuanya tetap di komputer ini.',
      audiencesToFailed:
        'Audiens tersimpan yang tidak dipindahkan ke agen: {count}. Audiens itu tidak dapat dikirim: semuanya tetap di komputer ini.',
      audiencesBackFull:
        'Audiens tersimpan yang tidak dibawa kembali dari agen: {count}. Pustaka komputer ini sudah penuh ({max} audiens tersimpan): semuanya tetap di agen.',
      audiencesBackFailed:
        'Audiens tersimpan yang tidak dibawa kembali dari agen: {count}. Audiens itu tidak dapat dibawa kembali: semuanya tetap di agen.',
      busy: 'Sebuah story akun ini sedang dikirim atau disunting: coba lagi setelah selesai.',
      notHeld: 'Story itu bukan bagian dari serah terima ini.',
      mediaTooLarge:
        '{count} story terencana membawa media lebih dari {megabytes} MB, lebih besar dari yang bisa dibawa serah terima: kirim atau rencanakan ulang dengan media lebih kecil, lalu coba lagi.',
      badItem: 'Sebuah story dalam serah terima ini tidak dapat dibaca: tidak ada yang diambil darinya.',
      noAccount: 'Agen tidak memegang akun itu.',
      onAgent: 'Akun ini sudah berjalan di agen.',
      notOnAgent: 'Akun ini berjalan di komputer ini, bukan di agen.',
      unfinished: 'Serah terima akun ini belum selesai: akan selesai saat agen menjawab.',
      demo: 'Akun demo berjalan di dalam aplikasi ini: tidak dapat dipindahkan ke agen.',
      noToken: 'Token akun ini tidak tersedia di komputer ini: masukkan lagi, lalu serahkan akun.',
      insightsTooLarge: 'Statistik akun lebih besar daripada yang dapat dibawa serah terima: statistik tetap di komputer ini.',
      badInsights: 'Statistik akun dalam serah terima ini tidak dapat dibaca: tidak ada yang diambil.',
      badAudiences:
        'Audiens tersimpan dalam serah terima ini tidak dapat dibaca (paling banyak {max} audiens berisi {members} nomor, tiap nomor 7 sampai 15 digit): tidak ada yang diambil.',
      followedOnly:
        'Komputer ini mengikuti akun ini di agen tanpa tokennya: ceritanya tetap di agen. Untuk menjalankannya di sini, hubungkan dengan tokennya.',
      teamStories:
        '{count} cerita di agen direncanakan oleh {people}: jika dibawa kembali, cerita itu hanya terkirim selama komputer ini menyala. Bawa kembali bersama cerita Anda, atau biarkan akun tetap di agen.',
    },
    agentLink: {
      badAddress: 'Masukkan alamat agen, misalnya {example}, tanpa path: http:// hanya di komputer ini, https:// untuk agen di mesin lain.',
      unreachable: 'Agen di {url} tidak menjawab. Apakah agen sedang berjalan?',
      timeout: 'Agen di {url} terlalu lama menjawab.',
      badAnswer: 'Agen di {url} menjawab dengan cara yang tidak dapat dibaca Statusdesk. Apakah ini agen Statusdesk versi ini?',
      notPaired: 'Komputer ini belum dipasangkan dengan agen: pasangkan di Pengaturan → Agen.',
      noToken:
        'Token agen komputer ini tidak tersedia (hanya disimpan untuk sesi sebelumnya, atau keyring tidak dapat membukanya): pasangkan lagi dengan kode baru.',
      certificateChanged:
        'Agen di {url} menunjukkan sertifikat yang berbeda dari yang disematkan saat pemasangan: tidak ada yang dikirim kepadanya. Jika operatornya membuat sertifikat baru, lupakan agen ini dan pasangkan lagi; jika tidak, mungkin ada pihak di antara komputer ini dan agen.',
      notTls: 'Hanya agen https:// yang memiliki sertifikat untuk dibaca.',
      noFingerprint: 'Baca sertifikat agen dan bandingkan sidik jarinya sebelum memasangkan lewat https://.',
      notRevoked:
        'Komputer ini telah melupakan agen, tetapi agen di {url} tidak dapat diberi tahu: token yang dipegang komputer ini tetap berlaku di sana.',
    },
    dataFolder: {
      inUse:
        'Folder data ini sedang dipakai oleh Statusdesk lain (proses {pid} di {host}). Tutup yang itu dulu, atau jalankan yang ini dengan folder data lain.',
      takenOver:
        'Statusdesk lain mengambil alih folder data ini (proses {pid} di {host}) saat yang ini tidak merespons. Tutup yang ini: apa yang dilakukannya mulai sekarang bisa hilang.',
    },
    clipboard: 'Papan klip tidak dapat ditulis.',
    more: 'Detail',
    serverSaid: 'Kata server: {said}',
    recorded: 'Tercatat saat itu: {detail}',
  },
} satisfies Catalog<typeof en>
