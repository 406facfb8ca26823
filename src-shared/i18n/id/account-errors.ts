import type { Catalog } from '../types/catalog'
import type en from '../en/account-errors'

export default {
  accountErrors: {
    list: {
      notFound: 'Akun itu sudah tidak ada di daftar.',
      notSaved: 'Akun tidak dapat disimpan ke disk. Pastikan folder data aplikasi dapat ditulisi dan masih memiliki ruang kosong.',
      dataNotRemoved:
        'Akun sudah dikeluarkan, tetapi data cache-nya tidak dapat dihapus. Tutup program lain yang memakai folder data aplikasi, lalu coba lagi.',
    },
    connect: {
      otherChannel:
        'Token ini milik saluran lain ({channel}), bukan saluran “{label}” ({knownChannel}). Tambahkan sebagai akun baru, agar grup dan status kedua saluran tetap terpisah.',
    },
    storage: {
      keyringAvailable:
        'Keyring sistem tersedia, jadi token disimpan dalam bentuk terenkripsi oleh keyring itu (atau hanya untuk sesi ini).',
      choiceNeeded:
        'Sistem ini tidak menyediakan keyring untuk mengenkripsi token. Pilih untuk menyimpannya hanya untuk sesi ini, atau menyimpannya dengan perlindungan lemah.',
      encryptFailed:
        'Keyring sistem tidak dapat mengenkripsi token. Pilih untuk menyimpannya hanya untuk sesi ini, atau menyimpannya dengan perlindungan lemah.',
      decryptFailed:
        'Keyring sistem tidak dapat mendekripsi token akun ini (keyring mungkin telah disetel ulang atau terkunci). Masukkan token lagi.',
      unknownFormat: 'Token akun ini disimpan dalam bentuk yang tidak dapat dibaca oleh versi ini. Masukkan token lagi.',
    },
    tokenNeeded: {
      named:
        'Token “{label}” tidak tersedia di sesi ini. Masukkan lagi untuk menyinkronkan atau memublikasikan; sementara itu grup dalam cache dan riwayat tetap bisa dibaca.',
      unnamed:
        'Token akun ini tidak tersedia di sesi ini. Masukkan lagi untuk menyinkronkan atau memublikasikan; sementara itu grup dalam cache dan riwayat tetap bisa dibaca.',
    },
    demo: {
      notStarted: 'Demo tidak dapat dijalankan di komputer ini.',
    },
    workspace: {
      closed: 'Akun itu sudah tidak terbuka.',
      setAsideGone: 'File yang disisihkan itu sudah tidak ada.',
    },
    settings: {
      invalidValue: 'Pengaturan itu tidak dapat disimpan: nilai yang diberikan untuk {field} tidak diizinkan.',
      feedNotHttps: 'Alamat pembaruan harus berupa alamat https://, tanpa nama pengguna atau kata sandi.',
      notSaved: 'Pengaturan tidak dapat disimpan ke disk. Pastikan folder data aplikasi dapat ditulisi dan masih memiliki ruang kosong.',
    },
  },
} satisfies Catalog<typeof en>
