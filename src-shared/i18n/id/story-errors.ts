import type { Catalog } from '../types/catalog'
import type en from '../en/story-errors'

export default {
  storyErrors: {
    issues: {
      textEmpty: 'Status teks memerlukan teks.',
      textTooLong: 'Teks terlalu panjang: {length} karakter, maksimal {max}.',
      captionTooLong: 'Keterangan terlalu panjang: {length} karakter, maksimal {max}.',
      backgroundInvalid: 'Warna latar “{value}” bukan warna yang ditulis dalam format #AARRGGBB.',
      colorInvalid: 'Warna teks “{value}” bukan warna yang ditulis dalam format #AARRGGBB.',
      backgroundTransparent: 'Latar sepenuhnya transparan; pilih warna yang terlihat.',
      contrastLow: 'Teks sulit dibaca di latar ini (kontras {ratio}:1).',
      mediaMissing: 'Pilih gambar, video, atau file audio.',
      mediaGone: 'File yang dipilih sudah tidak tersedia; pilih lagi.',
      previewInvalid: 'Gambar pratinjau bukan JPEG kecil. Pilih file lagi.',
      contactsEmpty: 'Pilih minimal satu kontak, atau publikasikan ke semua orang.',
      contactInvalid:
        'Di antara kontak, “{value}” bukan nomor telepon 7 hingga 15 digit (kode negara di depan). | Di antara kontak, “{value}” dan {count} entri lainnya bukan nomor telepon 7 hingga 15 digit (kode negara di depan).',
      excludedInvalid:
        'Di antara kontak yang dikecualikan, “{value}” bukan nomor telepon 7 hingga 15 digit (kode negara di depan). | Di antara kontak yang dikecualikan, “{value}” dan {count} entri lainnya bukan nomor telepon 7 hingga 15 digit (kode negara di depan).',
      tooManyContacts: 'Kontak yang dapat dipilih maksimal {max}.',
      tooManyExcluded: 'Kontak yang dapat dikecualikan maksimal {max}.',
    },
    publish: {
      notAccepted: 'Status tidak dikirim: sebagian isinya tidak dalam bentuk yang diterima server. Periksa status itu, lalu coba lagi.',
      failed: 'Terjadi kesalahan saat memublikasikan ke akun ini.',
      noAccount: 'Hubungkan akun terlebih dahulu (Akun), lalu publikasikan.',
      accountGone: 'Akun itu sudah tidak ada dalam daftar.',
      cancelled: 'Dibatalkan sebelum dikirim.',
      repostNotFound: 'Status itu tidak ada di antara status akun ini: sinkronkan tampilan Status terlebih dahulu.',
      noFileDialog: 'Di sini tidak ada dialog file: pilih file di halaman.',
      noViewers: 'Daftar yang melihat status ini belum dibaca.',
    },
    outbox: {
      waiting: 'Status sedang menunggu di kotak keluar.',
      offline: 'Saat ini tidak ada koneksi. Status menunggu di kotak keluar dan terkirim sendiri saat koneksi kembali.',
      behindEarlier: 'Status menunggu di kotak keluar di belakang status sebelumnya dan terkirim setelahnya.',
      unknownAfterStop:
        'Aplikasi berhenti saat status ini sedang dikirim, jadi tidak dapat diketahui apakah status sudah dipublikasikan. Periksa status akun, lalu tandai sebagai terkirim, kirim lagi, atau buang.',
      unknownAfterRestore:
        'Dipulihkan dari file yang rusak: status ini mungkin sudah dipublikasikan, mungkin juga belum. Periksa akun, lalu kirim lagi, tandai sebagai terkirim, atau buang.',
      unknownAfterFailure:
        'Terjadi kesalahan saat status sedang dikirim, jadi aplikasi tidak dapat mengetahui apakah status sudah dipublikasikan. Periksa status akun sebelum memublikasikannya lagi.',
      itemGone: 'Status itu sudah tidak ada di kotak keluar.',
      beingSent: 'Status itu sedang dikirim saat ini. Tunggu hasilnya.',
      unknownNotListed:
        'Server tidak mencantumkan status ini saat diperiksa ({at}), jadi mungkin belum dipublikasikan. Periksa akun, lalu kirim lagi, tandai sebagai terkirim, atau buang.',
      slotTaken: 'Sudah ada status lain yang direncanakan pada waktu itu di antrean posting akun ini. Pilih slot lain.',
      requestTaken: 'Status ini sudah ada di kotak keluar.',
      changedMeanwhile: 'Status itu berubah sementara itu: diedit, dikirim, atau dibuang di tempat lain. Lihat lagi sebelum mengubahnya.',
      sendNowOnly:
        'Dari sini hanya status yang menunggu, terjadwal, atau gagal yang dapat dikirim; untuk hasil yang tidak diketahui, pilih “Kirim lagi”.',
      sendAgainOnly: 'Hanya status yang hasilnya tidak diketahui atau yang gagal yang dapat dikirim lagi.',
      markSentOnly: 'Hanya status yang hasilnya tidak diketahui yang dapat ditandai sebagai terkirim.',
      mediaNotReady: 'Media cerita tidak dapat disiapkan untuk diunggah. Tidak ada yang dipublikasikan; aplikasi akan mencoba lagi.',
      unreadable: 'Kotak keluar tidak dapat dibaca dari disk.',
      notWritten: {
        readOnly:
          'Status tidak dikirim: status tidak dapat ditulis ke kotak keluar karena folder data aplikasi hanya dapat dibaca. Tidak ada yang keluar dari komputer ini, dan status masih ada di editor.',
        full: 'Status tidak dikirim: status tidak dapat ditulis ke kotak keluar karena disk penuh. Tidak ada yang keluar dari komputer ini, dan status masih ada di editor.',
        refused:
          'Status tidak dikirim: status tidak dapat ditulis ke kotak keluar karena disk menolak penulisan ({errno}). Tidak ada yang keluar dari komputer ini, dan status masih ada di editor.',
      },
    },
    schedule: {
      timePassed: 'Waktu itu sudah lewat. Pilih waktu di masa mendatang.',
      notPlanned: 'Hanya status yang masih terjadwal yang dapat diubah.',
      pickNewTime: 'Waktunya sudah lewat: pilih waktu baru.',
      repostNoDuplicate: 'Status yang diposting ulang tidak dapat diduplikasi.',
      repostNoCaption: 'Status yang diposting ulang tidak memiliki keterangan untuk diedit.',
      captionInvalid: 'Keterangan ini tidak dapat digunakan apa adanya. Ubah, lalu coba lagi.',
    },
    setAside: {
      cannotOpen: 'Tidak ada isi file ini yang dapat dipulihkan: file tidak dapat dibuka. Anda dapat membuangnya.',
      notReadable: 'Tidak ada isi file ini yang dapat dipulihkan: file rusak atau bukan ditulis oleh aplikasi. Anda dapat membuangnya.',
      nothingComplete: 'Tidak ada isi file ini yang cukup lengkap untuk dipulihkan. Anda dapat membuangnya.',
      gone: 'File yang disisihkan itu sudah tidak ada.',
      cacheOnly: 'Data ini dibaca lagi dari server; data ini hanya dapat dibuang.',
      draftInComposer: 'Ada draf yang sedang ditulis di editor. Publikasikan atau kosongkan dulu, lalu pulihkan draf ini.',
      sameId: 'Status dengan ID yang sama sudah ada di kotak keluar.',
    },
    notices: {
      outboxUnreadable: 'Kotak keluar tidak dapat dibaca. Status tidak dapat diantrekan sampai aplikasi dimulai ulang.',
      missed:
        'Waktu {count} status terjadwal di “{account}” sudah lewat sebelum sempat dikirim. Status itu tidak dikirim terlambat: buka kotak keluar untuk mengirimnya sekarang, menjadwalkan ulang, atau membatalkannya.',
    },
  },
} satisfies Catalog<typeof en>
