import type en from '../en/app'

export default {
  app: {
    name: 'Statusdesk',
    tagline: 'Grup dan status untuk akun perpesanan Anda',
  },
  about: {
    open: 'Tentang Statusdesk',
    version: 'Versi',
    platform: 'Platform',
    transport: 'Koneksi ke layanan aplikasi',
    transports: { ipc: 'Desktop (IPC)', web: 'Mode web (HTTP lokal)', agent: 'Agen (perangkat terpasang lewat HTTP)' },
    runtime: 'Runtime',
    close: 'Tutup',
    loading: 'Memuat…',
    failed: 'Informasi aplikasi tidak dapat dibaca: {message}',
    retry: 'Coba lagi',
  },
} satisfies typeof en
