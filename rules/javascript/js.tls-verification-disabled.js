// Fixture for js.tls-verification-disabled.
const https = require('https')

// ruleid: js.tls-verification-disabled
const agent = new https.Agent({ rejectUnauthorized: false })
// ruleid: js.tls-verification-disabled
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'
// ruleid: js.tls-verification-disabled
process.env['NODE_TLS_REJECT_UNAUTHORIZED'] = 0
const client = new Client({
  host: 'db',
  // ruleid: js.tls-verification-disabled
  ssl: { rejectUnauthorized: false },
})
// ruleid: js.tls-verification-disabled
request({ url, strictSSL: false }, cb)

// ok: js.tls-verification-disabled
const strict = new https.Agent({ rejectUnauthorized: true, ca: fs.readFileSync('ca.pem') })
// ok: js.tls-verification-disabled
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '1'
// ok: js.tls-verification-disabled
const opts = { rejectUnauthorized: config.tls.verify }
// ok: js.tls-verification-disabled
// rejectUnauthorized: false was only for the local test server

function sslOption(mode, argv) {
  if (argv.nocert) {
    // ok: js.tls-verification-disabled
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'
  }
  switch (mode) {
    case 'no-verify':
      // ok: js.tls-verification-disabled
      return { rejectUnauthorized: false }
  }
  if (argv.legacy) {
    // ruleid: js.tls-verification-disabled
    return { rejectUnauthorized: false }
  }
}
