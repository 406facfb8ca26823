import type { Catalog } from '../types/catalog'
import type en from '../en/media-errors'

export default {
  mediaErrors: {
    file: {
      unopenable: 'File “{file}” tidak dapat dibuka. Pastikan file itu masih ada dan dapat dibaca.',
      incomplete: 'File “{file}” tidak dapat dibaca sampai selesai. Coba pilih lagi.',
      tooLarge: 'File lebih besar dari {limit}, batas terbesar yang dapat dibawa sebuah status.',
      notReceived: 'File tidak dapat diterima. Coba kirim lagi.',
    },
    check: {
      imageTooLarge: 'Gambar paling besar {limit}; gambar ini {size}. Pilih file yang lebih kecil, atau naikkan batasnya di Pengaturan.',
      videoTooLarge: 'Video paling besar {limit}; video ini {size}. Pilih file yang lebih kecil, atau naikkan batasnya di Pengaturan.',
      audioTooLarge: 'File audio paling besar {limit}; file ini {size}. Pilih file yang lebih kecil, atau naikkan batasnya di Pengaturan.',
      videoTooLong:
        'Video paling lama {count} detik; video ini berdurasi {seconds}. Potong video itu, atau naikkan batasnya di Pengaturan.',
      unusable: 'Media ini tidak dapat dipakai untuk status.',
    },
    probe: {
      unrecognised:
        'File ini bukan gambar, video, atau suara yang dikenali aplikasi. Status dapat membawa gambar ({images}), video ({videos}), atau audio ({audio}).',
      wrongType:
        'File ini berformat {format} ({type}), yang tidak diterima status. Status dapat membawa gambar ({images}), video ({videos}), atau audio ({audio}).',
      imageDamaged: 'Gambar tidak dapat dibaca: mungkin file-nya rusak.',
      videoDamaged: 'Durasi video tidak dapat dibaca: mungkin file-nya rusak.',
      audioDamaged: 'Audio tidak dapat dibaca: mungkin file-nya rusak.',
    },
    url: {
      notAnAddress: 'Itu bukan alamat web. Alamat harus diawali {prefix}',
      notHttp: 'Hanya alamat yang diawali {http} atau {https} yang dapat dipakai untuk media.',
      credentials: 'Alamat tidak boleh memuat nama pengguna atau kata sandi.',
      brokenEscape: 'Alamat memuat “%” yang tidak diikuti dua digit heksadesimal. Periksa alamatnya.',
      unreachable: '{host} tidak dapat dihubungi. Periksa alamatnya dan koneksi internet.',
      refused: 'Alamat menjawab dengan status {status}; tidak ada media yang dapat diambil darinya.',
    },
    csv: {
      unreadable: 'File ini tidak dapat dibaca sebagai CSV.',
      unreadableAt: 'File ini tidak dapat dibaca sebagai CSV: masalahnya ada di baris {line}.',
      noRows: 'File ini tidak berisi baris.',
      noColumn: 'File ini tidak punya kolom {column}.',
      tooManyNumbers: 'Satu daftar penerima berisi paling banyak {count} nomor; kolom ini berisi {found}.',
    },
    library: {
      noNumbers: 'Tidak ada satu pun yang merupakan nomor telepon (7 sampai 15 digit), jadi tidak ada yang disimpan.',
      audienceGone: 'Daftar penerima itu sudah tidak tersimpan.',
      tooManyAudiences: 'Paling banyak {count} daftar penerima dapat disimpan. Hapus satu dulu.',
      tooManyStyles: 'Paling banyak {count} gaya dapat disimpan. Hapus satu dulu.',
    },
    drafts: {
      noAccount: 'Hubungkan akun dulu (Akun), lalu simpan draf.',
      accountClosed: 'Akun pemilik draf ini sudah tidak terbuka, jadi draf tidak disimpan.',
      draftGone: 'Draf itu sudah tidak tersimpan.',
      tooMany: 'Paling banyak {count} draf dapat disimpan. Hapus satu dulu.',
    },
    feed: {
      noAccount: 'Hubungkan akun dulu (Akun) untuk melihat statusnya.',
      unreadable: 'Status tidak dapat dibaca.',
      storiesCancelled: 'Sinkronisasi status dibatalkan.',
      contactsCancelled: 'Pembacaan kontak dibatalkan.',
    },
    clipboard: {
      webMode: 'Di browser, halaman menyalin dengan papan klip milik browser itu sendiri.',
    },
  },
} satisfies Catalog<typeof en>
