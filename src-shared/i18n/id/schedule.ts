import type en from '../en/schedule'

/** Status terjadwal: "Publikasikan pada…" di penyusun, status yang direncanakan, notifikasi. */
export default {
  schedule: {
    publishAt: 'Publikasikan pada…',
    when: 'Tanggal dan waktu',
    zone: 'Zona waktu Anda: {zone}',
    gap: 'Jam melewati waktu ini (pergantian waktu musim panas): status terbit pada {time}.',
    ambiguous: 'Waktu ini terjadi dua kali malam ini (pergantian waktu musim panas): yang pertama dipakai.',
    past: 'Waktu itu sudah lewat. Pilih waktu di masa depan.',
    invalid: 'Pilih tanggal dan waktu.',
    scheduleButton: 'Jadwalkan',
    result: {
      scheduled: 'Terjadwal',
      scheduledDetail: 'Status akan terbit pada {when}. Aplikasi harus berjalan saat itu; menutup jendela membuatnya tetap di baki sistem.',
      openQueue: 'Lihat status terencana',
    },
    title: 'Status terencana',
    intro:
      'Status terbit tepat waktu selama aplikasi berjalan. Status yang waktunya lewat saat aplikasi tidak berjalan tidak pernah dikirim terlambat tanpa Anda.',
    empty: 'Tidak ada status terencana.',
    count: 'Tidak ada status terencana | {count} status terencana',
    views: {
      list: 'Daftar',
      week: 'Minggu',
    },
    states: {
      scheduled: 'Terjadwal',
      missed: 'Terlewat waktunya',
    },
    due: 'Terbit {when}',
    missedHelp:
      'Waktunya lewat {ago} saat aplikasi tidak berjalan (atau komputer tidur). Status ini tidak dikirim: kirim sekarang, jadwalkan ulang, atau batalkan.',
    actions: {
      edit: 'Ubah',
      reschedule: 'Jadwalkan ulang',
      duplicate: 'Duplikat',
      cancel: 'Batalkan status',
      sendNow: 'Kirim sekarang',
      save: 'Simpan',
      close: 'Tutup',
    },
    caption: 'Keterangan',
    confirmCancel: 'Batalkan status terencana ini? Status tidak akan dipublikasikan.',
    week: {
      previous: 'Minggu sebelumnya',
      next: 'Minggu berikutnya',
      thisWeek: 'Minggu ini',
      range: '{from} – {to}',
      none: 'Tidak ada hari ini',
    },
    notify: {
      allow: 'Tampilkan notifikasi saat status terencana dipublikasikan',
      allowed: 'Notifikasi untuk status terencana aktif.',
      denied: 'Peramban memblokir notifikasi untuk halaman ini.',
      published: 'Status dipublikasikan',
      failed: 'Status tidak dipublikasikan',
      unknown: 'Hasil status tidak diketahui',
      missed: 'Status terencana melewatkan waktunya',
      publishedBody: 'Status terencana atau antrean Anda sudah tayang.',
      failedBody: 'Server menolaknya. Buka kotak keluar untuk mengirim lagi atau membuangnya.',
      unknownBody: 'Tidak ada jawaban: periksa akun, lalu putuskan di kotak keluar.',
      missedBody: 'Status tidak dikirim terlambat. Buka kotak keluar untuk mengirim sekarang, menjadwalkan ulang, atau membatalkannya.',
      onAccount: {
        published: 'Status dipublikasikan di {account}',
        failed: 'Status tidak dipublikasikan di {account}',
        unknown: 'Hasil status di {account} tidak diketahui',
        missed: 'Status terencana di {account} melewatkan waktunya',
      },
    },
    lateSend: {
      title: 'Status terlambat',
      label: 'Kirim status terencana yang terlambat kurang dari',
      minutes: 'menit',
      help: '0 mematikannya: status yang ditemukan lewat waktunya selalu menunggu Anda.',
    },
  },
} satisfies typeof en
