import type { Catalog } from '../types/catalog'
import type en from '../en/notices'

export default {
  notices: {
    setAside: {
      groupsSnapshot: 'Daftar grup yang tersimpan tidak dapat dibaca dan telah disisihkan. Daftar itu dibaca lagi dari server.',
      outboxItem:
        'Sebuah status di kotak keluar tidak dapat dibaca dan telah disisihkan. Buka Kotak keluar › File yang disisihkan untuk melihatnya, memulihkan yang masih bisa dibaca, atau membuangnya.',
      history:
        'Daftar status yang dipublikasikan tidak dapat dibaca dan telah disisihkan. Buka Kotak keluar › File yang disisihkan untuk melihatnya, memulihkan yang masih bisa dibaca, atau membuangnya.',
      composerDraft:
        'Draf tersimpan tidak dapat dibaca dan telah disisihkan. Buka Kotak keluar › File yang disisihkan untuk melihatnya, memulihkan yang masih bisa dibaca, atau membuangnya.',
      savedDrafts:
        'Draf-draf tersimpan tidak dapat dibaca dan telah disisihkan. Buka Kotak keluar › File yang disisihkan untuk melihatnya, memulihkan yang masih bisa dibaca, atau membuangnya.',
      storiesFeed: 'Daftar status akun tidak dapat dibaca dan telah disisihkan. Daftar itu dibaca lagi dari server.',
      contacts: 'Nama kontak tidak dapat dibaca dan telah disisihkan. Nama-nama itu dibaca lagi dari server.',
      audiences:
        'Penerima tersimpan tidak dapat dibaca dan telah disisihkan. Buka Kotak keluar › File yang disisihkan untuk melihatnya, memulihkan yang masih bisa dibaca, atau membuangnya.',
      styles:
        'Gaya tersimpan tidak dapat dibaca dan telah disisihkan. Buka Kotak keluar › File yang disisihkan untuk melihatnya, memulihkan yang masih bisa dibaca, atau membuangnya.',
      updateFeeds:
        'Alamat pembaruan yang sudah diterima tidak dapat dibaca dan telah disisihkan; daftarnya dimulai dari kosong, jadi setiap alamat pembaruan akan ditanyakan lagi sebelum dipakai.',
      postingQueue:
        'Jadwal mingguan antrean unggahan tidak dapat dibaca dan telah disisihkan; antrean dimulai kosong. Atur lagi jadwalnya di Pengaturan › Antrean unggahan.',
      insightsLive:
        'Statistik status yang sedang dipantau tidak dapat dibaca dan telah disisihkan. Daftarnya dimulai kosong, dan penghitungan berlanjut dengan status yang masih aktif.',
      insightsArchive:
        'Statistik tersimpan dari status akun yang sudah berakhir tidak dapat dibaca dan telah disisihkan. Arsipnya dimulai kosong dan terisi lagi seiring berakhirnya status.',
      file: 'Sebuah file aplikasi tidak dapat dibaca dan telah disisihkan.',
    },
    recoveryReasons: {
      settingsNewer:
        'Pengaturan ditulis oleh versi Statusdesk yang lebih baru (format {version}); nilai yang dikenal versi ini yang dipakai.',
      settingsRejected: 'Pengaturan ini tidak dipahami dan kembali ke bawaan: {fields}.',
      accountsNewer: 'Akun-akun ditulis oleh versi Statusdesk yang lebih baru.',
      accountsDropped: '{count} entri tidak dapat dibaca dan dilewati.',
    },
    recovery: {
      settingsCopied:
        'Tidak semua pengaturan tersimpan dapat dibaca, jadi yang tidak terbaca kembali ke bawaan. File aslinya disimpan sebagai {file} di folder data aplikasi.',
      settingsInMemory:
        'File pengaturan tidak dapat dibuka, jadi pengaturan kembali ke bawaan, dan perubahan tidak akan tersimpan setelah Anda menutup Statusdesk.',
      accountsCopied:
        'Tidak semua akun tersimpan dapat dibaca, jadi yang tidak terbaca tidak ditampilkan: hubungkan lagi akun itu untuk mendapatkannya kembali beserta datanya. File aslinya disimpan sebagai {file} di folder data aplikasi.',
      accountsInMemory:
        'File akun tidak dapat dibuka, jadi tidak ada akun yang ditampilkan, dan perubahan tidak akan tersimpan setelah Anda menutup Statusdesk.',
    },
    updates: {
      ready: 'Statusdesk {version} sudah siap dan akan dipasang saat Anda menutup aplikasi.',
      offFeed: 'Pembaruan {version} tidak diunduh: file-filenya tidak berada di alamat pembaruan ({host}).',
      feedRefused: 'Alamat pembaruan {host} tidak diterima, jadi tidak dipakai.',
      manualNoPublisher:
        'Statusdesk {version} tersedia dari {host}. Pembaruan ini tidak dipasang otomatis karena build Windows ini tidak mencantumkan penerbit, sehingga tanda tangan penginstalnya tidak dapat diperiksa: pasang sendiri.',
      manualUnsigned:
        'Statusdesk {version} tersedia dari {host}. Pembaruan ini tidak dipasang otomatis karena pembaruan AppImage dan deb tidak membawa tanda tangan yang dapat diperiksa aplikasi: pasang sendiri.',
    },
  },
} satisfies Catalog<typeof en>
