import type { Catalog } from '../types/catalog'
import type en from '../en/group-errors'

export default {
  groupErrors: {
    groupGone: 'Grup itu sudah tidak ada di daftar (sinkronisasi terakhir tidak menemukannya).',
    noAccount: 'Hubungkan akun terlebih dahulu: belum ada grup untuk ditampilkan.',
    notOnScreen: 'Buka akun ini dulu (pilih di pengalih akun): grupnya hanya dibaca selama sebuah jendela menampilkannya.',
    cache: {
      notOpened: 'Cache grup tidak dapat dibuka.',
      notRead: 'Cache grup tidak dapat dibaca dari disk.',
      notSaved:
        'Grup tidak dapat disimpan ke cache di disk (apakah disk penuh atau folder data hanya-baca?). Cache sebelumnya tetap disimpan.',
      writeEnded: 'Grup tidak dapat disimpan ke cache: file-nya sudah ditutup. Cache sebelumnya tetap disimpan.',
      recordDamaged: 'Catatan tersimpan grup ini rusak di disk. Sinkronisasi berikutnya akan mengambilnya lagi.',
      recordUnreadable: 'Server mengirim grup ini dalam bentuk yang tidak dapat ditampilkan aplikasi.',
      setAside: {
        damaged: 'Daftar grup yang tersimpan rusak, jadi disisihkan. Statusdesk sedang mengunduh ulang grup dari server.',
        newerVersion:
          'Daftar grup yang tersimpan ditulis oleh versi Statusdesk yang lebih baru, jadi disisihkan. Statusdesk sedang mengunduh ulang grup.',
        olderFormat:
          'Daftar grup yang tersimpan memakai format lama yang tidak lagi dibaca versi ini, jadi disisihkan. Statusdesk sedang mengunduh ulang grup.',
        otherAccount: 'Daftar grup yang tersimpan milik akun lain, jadi disisihkan. Statusdesk sedang mengunduh ulang grup akun ini.',
      },
    },
    sync: {
      cancelled: 'Sinkronisasi dibatalkan.',
      internal: 'Sinkronisasi gagal di dalam Statusdesk. Detailnya ada di log.',
      kept: 'Grup yang ditampilkan berasal dari sinkronisasi lengkap terakhir.',
      keptChanging: 'Grup akun terus berubah selama dibaca, sehingga daftar lengkap tidak dapat diambil. Coba lagi sebentar lagi.',
      endlessPaging: 'Server terus mengirim halaman grup melewati akhir daftar, sehingga sinkronisasi dihentikan.',
      unreadablePage:
        'Server mengirim halaman grup (mulai dari grup ke-{first}) yang tidak dapat dibaca aplikasi. Coba sinkronkan lagi dalam beberapa menit.',
      pageReaderStopped: 'Satu halaman grup tidak dapat dibaca karena pembaca halaman aplikasi berhenti. Coba sinkronkan lagi.',
    },
    participants: {
      cacheNotRead: 'Orang-orang di grup Anda tidak dapat didaftar: cache grup tidak dapat dibaca.',
      syncedMeanwhile: 'Grup baru saja disinkronkan lagi. Cari lagi.',
      notReadBack:
        'Orang-orang di grup Anda tidak dapat didaftar: daftar yang baru dibuat tidak dapat dibaca kembali. Cari lagi untuk mencoba ulang.',
      stillListing: 'Statusdesk masih mendaftar orang-orang di {count} grup Anda. Cari lagi sebentar lagi.',
      notBuilt:
        'Orang-orang di grup Anda tidak dapat didaftar. Cari lagi untuk mencoba ulang; sinkronisasi berikutnya juga membuat ulang daftarnya.',
      cancelled: 'Daftar orang tidak dibuat.',
    },
    export: {
      notWritten: 'File tidak dapat ditulis. Pilih folder lain lalu coba lagi.',
    },
  },
} satisfies Catalog<typeof en>
