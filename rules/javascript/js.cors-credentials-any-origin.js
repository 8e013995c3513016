// Fixture for js.cors-credentials-any-origin.
const cors = require('cors')

// ruleid: js.cors-credentials-any-origin
app.use(cors({ origin: true, credentials: true }))
// ruleid: js.cors-credentials-any-origin
app.use(cors({ credentials: true, origin: '*' }))
// ruleid: js.cors-credentials-any-origin
fastify.register(require('@fastify/cors'), { origin: /.*/, credentials: true })
app.use((req, res, next) => {
  // ruleid: js.cors-credentials-any-origin
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin)
  res.setHeader('Access-Control-Allow-Credentials', 'true')
  next()
})

// ok: js.cors-credentials-any-origin
app.use(cors({ origin: ['https://app.example.com'], credentials: true }))
// ok: js.cors-credentials-any-origin
app.use(cors({ origin: '*' }))
// ok: js.cors-credentials-any-origin
app.use(cors({ origin: (origin, cb) => cb(null, ALLOWED.has(origin)), credentials: true }))
// ok: js.cors-credentials-any-origin
res.setHeader('Access-Control-Allow-Origin', 'https://app.example.com')
// ok: js.cors-credentials-any-origin
const fetchOpts = { origin: true, credentials: true }
