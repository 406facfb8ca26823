import type { Catalog } from '../types/catalog'
import type en from '../en/api-errors'

export default {
  apiErrors: {
    http: {
      invalidRequest: 'Server menolak permintaan karena tidak valid.',
      unauthorized:
        'Saluran belum diotorisasi atau tokennya salah. Periksa token, atau hubungkan ulang saluran (pindai kode QR lagi) di dasbor penyedia.',
      payment: 'Batas paket atau masa uji coba akun telah tercapai.',
      forbidden: 'Server tidak mengizinkan akun ini melakukan itu.',
      notFound: 'Server tidak menemukan yang diminta.',
      tooLarge: 'Media terlalu besar untuk server.',
      unsupportedMedia: 'Server tidak menerima jenis media ini.',
      rateLimited: 'Server menerima terlalu banyak permintaan dari akun ini. Tunggu sebentar lalu coba lagi.',
      rateLimitedWait: 'Server menerima terlalu banyak permintaan dari akun ini dan meminta Anda menunggu {seconds} sebelum mencoba lagi.',
      server: 'Server mengalami masalah (HTTP {status}). Coba lagi nanti.',
      refused: 'Server menolak permintaan (HTTP {status}).',
      redirect: 'Alamat server menjawab dengan pengalihan. Periksa alamatnya (mungkin perlu https:// atau jalur lain).',
    },
    network: {
      unreachable: 'Server tidak dapat dijangkau. Periksa koneksi internet dan alamat server.',
      closed:
        'Server menutup koneksi sebelum menjawab. Server mungkin kelebihan beban, atau ada sesuatu di antara komputer ini dan server yang memutus koneksi. Coba lagi nanti.',
      lostWhileSending: 'Koneksi terputus saat status sedang dikirim. Status tidak dipublikasikan.',
      closedWhileSending: 'Server menutup koneksi saat status sedang dikirim. Status tidak dipublikasikan.',
      noAnswer: 'Server tidak menjawab dalam {seconds}.',
      uploadStalled: 'Unggahan macet: tidak ada yang dapat dikirim selama {seconds}. Status tidak dipublikasikan.',
      replyTooLarge: 'Jawaban server jauh lebih besar dari yang diharapkan.',
    },
    unknown: {
      noAnswer:
        'Status sudah dikirim, tetapi server tidak memberi jawaban, jadi aplikasi tidak tahu apakah status itu sudah dipublikasikan. Periksa status akun sebelum memublikasikannya lagi.',
      cancelled:
        'Publikasi dibatalkan setelah status terkirim, jadi status itu mungkin sudah dipublikasikan. Periksa status akun sebelum memublikasikannya lagi.',
      unreadableReply:
        'Server menerima status, tetapi jawabannya tidak dapat dibaca, jadi aplikasi tidak dapat memastikan status itu sudah dipublikasikan. Periksa status akun sebelum memublikasikannya lagi.',
      serverError:
        'Server melaporkan kesalahan (HTTP {status}) setelah menerima status, jadi status itu mungkin sudah atau belum dipublikasikan. Periksa status akun sebelum memublikasikannya lagi.',
    },
    request: {
      badToken: 'Token kosong atau berisi spasi atau karakter yang tidak boleh ada dalam token.',
      badAddress:
        'Alamat server harus berbentuk seperti https://gate.example.com (https, tanpa kueri atau kredensial; http biasa hanya ke komputer ini).',
      groupsPageSize: 'Satu halaman berisi 1 sampai {max} grup.',
      storiesPageSize: 'Satu halaman berisi 1 sampai {max} status.',
      contactsPageSize: 'Satu halaman berisi 1 sampai {max} kontak.',
      pageOffset: 'Posisi awal halaman harus bilangan bulat, 0 atau lebih.',
      storyId: 'Itu bukan ID status yang diberikan server.',
      contacts: 'Kontak harus berupa nomor telepon 7 sampai 15 digit.',
      invalidStory: 'Status tidak dapat dikirim apa adanya: sebagian isinya tidak valid.',
      invalidStoryField: 'Status tidak dapat dikirim apa adanya: kolom {field} tidak valid.',
    },
    reply: {
      groupsNotJson: 'Jawaban server untuk permintaan grup bukan JSON.',
      groupsPage: 'Server mengirim halaman grup yang tidak dapat dibaca aplikasi.',
      storiesPage: 'Server mengirim halaman status yang tidak dapat dibaca aplikasi.',
      contactsPage: 'Server mengirim halaman kontak yang tidak dapat dibaca aplikasi.',
      story: 'Server mengirim status yang tidak dapat dibaca aplikasi.',
      views: 'Daftar tayangan dari server tidak dapat dibaca.',
      noMediaId: 'Jawaban server untuk unggahan media tidak berisi ID media.',
      notPublished: 'Server menjawab, tetapi tidak memublikasikan status.',
    },
    story: {
      mediaNotFound: 'Media tidak ditemukan di server (ID media mungkin sudah kedaluwarsa).',
      unknown: 'Server tidak mengenal status ini (mungkin sudah kedaluwarsa).',
      unknownNotCopied: 'Server tidak mengenal status ini (mungkin sudah kedaluwarsa), jadi status tidak diposting lagi.',
    },
    media: {
      unreadable: 'File media tidak dapat dibaca.',
      changed: 'File media berubah saat sedang dikirim.',
    },
    address: {
      notPublic: 'Alamat ini tidak berada di internet publik, jadi Statusdesk tidak mengambil apa pun darinya.',
      tooManyRedirects: 'Alamat ini mengalihkan lebih dari {count} kali.',
    },
    connect: {
      refusedToken:
        '{host} menolak token: tokennya salah, atau saluran belum diotorisasi (mungkin kode QR-nya perlu dipindai lagi di dasbor penyedia).',
      noAnswer: '{host} tidak menjawab tepat waktu. Periksa koneksi internet dan alamat server.',
      unreachable: '{host} tidak dapat dijangkau. Periksa koneksi internet dan alamat server.',
      serverProblem: 'Server di {host} mengalami masalah (HTTP {status}).',
      serverProblemNoStatus: 'Server di {host} mengalami masalah.',
      notGroups:
        '{host} menjawab, tetapi bukan server API perpesanan dengan jenis yang diharapkan: jawabannya bukan daftar grup. Periksa alamat server.',
      noGroupsEndpoint:
        '{host} menjawab, tetapi bukan server API perpesanan dengan jenis yang diharapkan: server itu tidak memiliki endpoint grup (HTTP 404). Periksa alamat server.',
      redirects:
        '{host} menjawab, tetapi bukan server API perpesanan dengan jenis yang diharapkan: server itu mengalihkan ke tempat lain. Periksa alamat server.',
      refused:
        '{host} menjawab, tetapi bukan server API perpesanan dengan jenis yang diharapkan: server itu menolak permintaan (HTTP {status}). Periksa alamat server.',
      refusedNoStatus:
        '{host} menjawab, tetapi bukan server API perpesanan dengan jenis yang diharapkan: server itu menolak permintaan. Periksa alamat server.',
    },
    store: {
      unreadable: 'File tidak dapat dibaca (galat {code}).',
      notJson: 'File ini bukan JSON yang valid.',
      notObject: 'File ini tidak berisi objek JSON.',
      unopenable: 'File tidak dapat dibuka (galat {code}).',
    },
    files: {
      cancelled: 'Dibatalkan sebelum file disimpan.',
    },
    body: {
      tooLarge: 'Permintaan terlalu besar.',
      notJson: 'Isi permintaan bukan JSON yang valid.',
    },
  },
} satisfies Catalog<typeof en>
