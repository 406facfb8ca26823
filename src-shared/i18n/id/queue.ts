import type { Catalog } from '../types/catalog'
import type en from '../en/queue'

export default {
  queue: {
    settings: {
      title: 'Antrean unggahan',
      intro:
        'Status yang Anda tambahkan ke antrean akan terbit pada waktu kosong berikutnya di bawah. Setiap akun punya jadwalnya sendiri; status yang sudah terencana tetap pada waktunya saat Anda mengubahnya.',
      account: 'Akun',
      zone: 'Zona waktu',
      zoneHelp: 'Waktu dibaca menurut jam {zone}, termasuk waktu musim panas.',
      computerZone: 'Komputer ini memakai {zone}.',
      useComputerZone: 'Pakai {zone}',
      table: 'Waktu antrean per hari dalam seminggu',
      time: 'Waktu',
      slot: '{day} pukul {time}',
      weekdays: 'Sen–Jum',
      everyDay: 'Setiap hari',
      weekdaysFor: 'Senin sampai Jumat pukul {time}',
      everyDayFor: 'Setiap hari pukul {time}',
      removeFor: 'Hapus {time}',
      newTime: 'Waktu baru',
      addTime: 'Tambah waktu',
      timeExists: 'Waktu ini sudah ada di daftar.',
      empty: 'Belum ada waktu. Tambahkan waktu, lalu pilih harinya.',
      count: 'Tidak ada waktu per minggu | {count} waktu per minggu',
      saved: 'Antrean unggahan disimpan',
      loading: 'Membaca antrean…',
    },
    add: {
      button: 'Tambah ke antrean',
      title: 'Tambah ke antrean unggahan',
      intro: 'Status setiap akun terbit pada waktu kosong berikutnya milik akun itu:',
      none: 'tidak ada waktu kosong: atur antreannya di Pengaturan',
      noneAtAll: 'Tidak satu pun akun ini punya waktu kosong di antreannya.',
      looking: 'Mencari waktu kosong berikutnya…',
      confirm: 'Tambah ke antrean',
      cancel: 'Batal',
      openSettings: 'Atur waktu antrean',
    },
    calendar: {
      free: 'Slot kosong',
      taken: 'Slot terisi',
      inQueue: 'Di antrean',
      moveTo: 'Pindahkan ke…',
      moveLabel: 'Pindahkan status ini ke slot lain',
      moveFree: 'kosong',
      moveSwap: 'bertukar tempat dengan “{caption}”',
      moveNone: 'Tidak ada slot lain dalam empat minggu ke depan.',
      loading: 'Membaca slot…',
    },
  },
} satisfies Catalog<typeof en>
