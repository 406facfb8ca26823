import type { Catalog } from '../types/catalog'
import type en from '../en/queue-errors'

export default {
  queueErrors: {
    noSlots:
      '{account} belum punya antrean unggahan. Atur jadwal mingguannya di Pengaturan › Antrean unggahan, atau pilih waktu dengan “Publikasikan pada…”.',
    full: 'Antrean unggahan {account} tidak punya waktu kosong selama setahun ke depan. Tambahkan waktu di Pengaturan › Antrean unggahan, atau pilih waktu dengan “Publikasikan pada…”.',
    accountGone: 'Akun ini sudah tidak terbuka, jadi antrean unggahannya tidak dapat dibaca atau diubah.',
    zoneUnknown: 'Zona waktu {zone} tidak dikenal di komputer ini. Pilih zona lain.',
    duplicateSlot: 'Hari dan jam yang sama ada dua kali di antrean. Hapus salah satunya, lalu simpan lagi.',
    rangeTooLong: 'Kalender menampilkan paling banyak 35 hari antrean sekaligus.',
    notSaved: 'Antrean unggahan tidak dapat disimpan di komputer ini. Pastikan disk masih punya ruang kosong, lalu coba lagi.',
    move: {
      notASlot: 'Waktu itu bukan salah satu slot antrean akun ini. Pilih slot dari daftar.',
      passed: 'Slot itu sudah lewat. Pilih yang lebih lambat.',
      notPlanned: 'Hanya status yang masih menunggu waktunya yang dapat dipindahkan.',
      slotBusy: 'Status di slot itu sedang dikirim sekarang, jadi keduanya tidak dapat bertukar tempat.',
      cannotSwap:
        'Slot itu sudah terisi dan waktu status ini sudah lewat, jadi keduanya tidak dapat bertukar tempat. Pilih slot yang kosong.',
    },
  },
} satisfies Catalog<typeof en>
