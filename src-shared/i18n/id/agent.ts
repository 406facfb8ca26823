/** Settings → Agent: pairing this computer with a Statusdesk agent. */
export default {
  agentSettings: {
    title: 'Agen',
    intro:
      'Agen adalah Statusdesk yang berjalan di mesin yang selalu menyala: agen mengirim story akun yang diserahkan kepadanya meski komputer ini mati. Jalankan dengan npm run agent; agen mencetak kode pemasangan.',
    address: 'Alamat agen',
    addressHint: 'Di komputer ini, misalnya http://127.0.0.1:8731. Untuk agen di server, buka terowongan SSH ke sana terlebih dahulu.',
    problems: {
      unreadable: 'Ini bukan alamat.',
      'not-http': 'Agen berbicara http:// di komputer ini.',
      'not-loopback':
        'Hanya agen di komputer ini (127.0.0.1, localhost) yang dapat dipasangkan: jangkau agen di server lewat terowongan SSH.',
      'has-path': 'Masukkan alamatnya saja, tanpa path.',
    },
    code: 'Kode pemasangan',
    codeHint: 'Kode yang dicetak agen: berlaku 10 menit dan 5 percobaan.',
    deviceName: 'Nama komputer ini',
    deviceNameHint: 'Nama yang dikenali operator agen untuk komputer ini.',
    defaultDeviceName: 'Komputer saya',
    pair: 'Pasangkan',
    pairing: 'Memasangkan…',
    pairedToast: 'Terpasang dengan agen.',
    pairFailed: 'Pemasangan gagal: {message}',
    notPaired: 'Komputer ini belum dipasangkan dengan agen.',
    paired: 'Terpasang dengan {url} sebagai “{name}” sejak {at}.',
    reachable: 'Agen menjawab pada {at}.',
    unreachable: 'Agen tidak dapat dijangkau: {message}',
    notAsked: 'Belum ditanyakan di sesi ini.',
    noToken: 'Token agen tidak tersedia di sesi ini: pasangkan lagi dengan kode baru.',
    storage: 'Token disimpan: {storage}',
    check: 'Periksa sekarang',
    checking: 'Memeriksa…',
    forget: 'Lupakan agen ini',
    forgotten: 'Komputer ini telah melupakan agen.',
    forgetHint: 'Saat dilupakan, agen diberi tahu lebih dulu: sejak itu agen menolak token komputer ini.',
    forgetFailed: 'Agen tidak dapat dilupakan: {message}',
  },
}
