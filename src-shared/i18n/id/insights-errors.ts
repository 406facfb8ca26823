import type { Catalog } from '../types/catalog'
import type en from '../en/insights-errors'

export default {
  insightsErrors: {
    timeZone: 'Zona waktu {zone} tidak dikenal di komputer ini. Pilih zona lain.',
    noAccount: 'Akun ini sudah tidak terbuka, jadi statistiknya tidak dapat dibaca.',
    storyNotFound: 'Status ini tidak ada di statistik akun: mungkin usianya melebihi jumlah hari yang disimpan Statusdesk.',
    export: {
      title: 'Ekspor statistik',
      notWritten: 'File tidak dapat ditulis. Pilih folder lain lalu coba lagi.',
      agentAway:
        'Agen di {url} tidak menjawab, jadi akun yang berjalan di agen itu tidak dapat diekspor sesuai keadaannya sekarang. Tidak ada yang ditulis: coba lagi saat agen menjawab.',
    },
  },
} satisfies Catalog<typeof en>
