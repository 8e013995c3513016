// Fixture for js.log-injection: request data reaching a text log line, by every flow the analysis follows.
const winston = require('winston')
const util = require('util')

const logger = winston.createLogger({ format: winston.format.simple() })
const LEVELS = { low: 'low', high: 'high' }

app.post('/direct', (req, res) => {
  // ruleid: js.log-injection (flow: direct)
  console.log('login attempt for ' + req.body.username)
  // ruleid: js.log-injection (flow: direct)
  logger.warn(`bad token for session ${req.cookies.sid}`)
  // ruleid: js.log-injection (flow: direct)
  console.error('lookup failed:', req.query.id)
  // ok: js.log-injection (flow: direct)
  logger.info({ user: req.body.username }, 'login attempt')
  // ok: js.log-injection (flow: direct)
  console.log('login attempt')
  // ok: js.log-injection (flow: direct)
  console.log(req.query)
  // ok: js.log-injection (flow: direct)
  console.log(`${req.method} ${req.originalUrl} from ${req.get('User-Agent')}`)
  // ok: js.log-injection (flow: direct)
  request.log.info('user %s', req.body.username)
  // ok: js.log-injection (flow: direct)
  res.locals.log = 'login attempt for ' + req.body.username
})

app.post('/assignments', (req, res) => {
  const user = req.body.user
  const who = user
  const line = 'password reset for ' + who
  // ruleid: js.log-injection (flow: assignments)
  logger.info(line)
  const { referrer } = req.query
  // ruleid: js.log-injection (flow: assignments)
  console.info('came from', referrer)
})

app.get('/building', (req, res) => {
  const q = req.query.q
  // ruleid: js.log-injection (flow: string-building)
  console.log(util.format('search: %s', q))
  // ruleid: js.log-injection (flow: string-building)
  logger.debug(['search', q].join(' '))
  let entry = 'search='
  entry += q
  // ruleid: js.log-injection (flow: string-building)
  logger.debug(entry)
})

app.get('/container', (req, res) => {
  const audit = { action: 'export', target: req.query.target }
  // ok: js.log-injection (flow: container)
  logger.info('action ' + audit.action)
  // ruleid: js.log-injection (flow: container)
  logger.info('target ' + audit.target)
  const notes = []
  notes.push(req.query.note)
  // ruleid: js.log-injection (flow: container)
  console.log('notes: ' + notes.join(', '))
})

function describe(user) {
  return 'user<' + user + '>'
}

function audit(message) {
  // ruleid: js.log-injection (flow: helper-function)
  logger.info('[audit] ' + message)
}

app.get('/helper', (req, res) => {
  // ruleid: js.log-injection (flow: helper-function)
  console.log(describe(req.query.user))
  audit(req.query.action)
  // ok: js.log-injection (flow: helper-function)
  console.log(describe('system'))
})

class RequestTracer {
  constructor(req) {
    this.account = req.params.account
    this.service = 'api'
  }

  done() {
    // ruleid: js.log-injection (flow: class-field)
    this.logger.info('done ' + this.account)
    // ok: js.log-injection (flow: class-field)
    this.logger.info('done ' + this.service)
  }
}

app.get('/sanitized', (req, res) => {
  // ok: js.log-injection (flow: sanitized)
  logger.info('search: ' + req.query.q.replace(/[\r\n]/g, '_'))
  // ok: js.log-injection (flow: sanitized)
  console.log('body: ' + JSON.stringify(req.body))
  // ok: js.log-injection (flow: sanitized)
  logger.info('level ' + LEVELS[req.query.level])
  const page = Number(req.query.page)
  // ok: js.log-injection (flow: number-conversion)
  logger.info('page ' + page)
})

app.get('/constant', (req, res) => {
  let who = req.query.who
  who = 'anonymous'
  // ok: js.log-injection (flow: constant-overwrite)
  logger.info('visit by ' + who)
  let extra = ''
  if (false) {
    extra = req.query.extra
  }
  // ok: js.log-injection (flow: dead-branch)
  logger.info('visit ' + extra)
})

function notARoute(name) {
  // ok: js.log-injection
  console.log('hello ' + name)
}
