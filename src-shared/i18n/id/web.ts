import type en from '../en/web'

export default {
  webSession: {
    title: 'Buka Statusdesk dari alamat yang tercetak di terminal',
    body: 'Alamat ini tidak membawa tautan rahasia Statusdesk yang sedang berjalan, jadi aksesnya ditolak. Bookmark dan tab dari sesi sebelumnya memang tidak memilikinya. Buka terminal tempat Anda menjalankan npm run start:web, lalu buka alamat lengkap yang tercetak di sana (diakhiri dengan #secret=…).',
    reload: 'Muat ulang',
  },
} satisfies typeof en
