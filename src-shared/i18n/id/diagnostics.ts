import type en from '../en/diagnostics'

export default {
  diagnostics: {
    title: 'Diagnostik',
    intro: 'Saat terjadi masalah, log dan laporan diagnostik membantu mencari penyebabnya.',
    logFolder: 'Folder log',
    noLogFolder: 'Sesi ini tidak menulis file log.',
    copyLogFolder: 'Salin jalur folder',
    copy: 'Salin diagnostik',
    copying: 'Mengumpulkan…',
    copied: 'Diagnostik disalin ke papan klip.',
    folderCopied: 'Jalur folder log disalin.',
    copyFailed: 'Diagnostik tidak dapat disalin: {message}',
    contents: 'Versi, sistem, cara token disimpan, pengaturan, dan penggunaan disk. Tidak pernah token, nomor telepon, atau obrolan.',
    preview: 'Tampilkan yang disalin',
    loading: 'Menyusun laporan…',
    loadFailed: 'Laporan tidak dapat dibuat: {message}',
  },
  updates: {
    title: 'Pembaruan',
    intro: 'Statusdesk hanya mengunduh pembaruan dari alamat https yang Anda masukkan di sini, dan hanya saat pembaruan aktif.',
    enabled: 'Periksa pembaruan dan pasang saat Statusdesk ditutup',
    needsFeed: 'Masukkan alamat pembaruan terlebih dahulu.',
    feed: 'Alamat pembaruan',
    feedPlaceholder: 'https://updates.example.com/statusdesk/',
    feedHint: 'Diberikan oleh pihak yang mendistribusikan Statusdesk kepada Anda. Biarkan kosong agar pembaruan tetap nonaktif.',
    save: 'Simpan alamat',
    saved: 'Alamat pembaruan disimpan.',
    notHttps: 'Masukkan alamat yang diawali https://',
    saveFailed: 'Pengaturan pembaruan tidak dapat disimpan: {message}',
    desktopOnly: 'Pembaruan berlaku untuk aplikasi desktop yang terpasang.',
  },
} satisfies typeof en
