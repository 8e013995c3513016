// Fixture for js.sql-injection: request data reaching a SQL statement's text, by every flow the analysis follows.
const { Pool } = require('pg')
const mysql = require('mysql2')
const util = require('util')
const pool = new Pool()
const connection = mysql.createConnection({})
const db = new Database('app.db')

app.get('/direct', async (req, res) => {
  // ruleid: js.sql-injection (flow: direct)
  const a = await pool.query('SELECT * FROM users WHERE id = ' + req.params.id)
  // ruleid: js.sql-injection (flow: direct)
  const b = await pool.query(`SELECT * FROM users WHERE name = '${req.query.name}'`)
  // ruleid: js.sql-injection (flow: direct)
  await connection.execute("DELETE FROM sessions WHERE token = '" + req.cookies.token + "'", [])
  // ruleid: js.sql-injection (flow: direct)
  const c = await knex.raw('select * from orders where owner = ' + req.body.owner)
  // ruleid: js.sql-injection (flow: direct)
  db.all("SELECT body FROM notes WHERE tag = '" + req.query.tag + "' ORDER BY id", cb)
  // ruleid: js.sql-injection (flow: direct)
  const rows = await knex('users').whereRaw(`name = '${req.query.name}'`)
  // ok: js.sql-injection (flow: direct)
  await pool.query('SELECT * FROM users WHERE id = $1', [req.params.id])
  // ok: js.sql-injection (flow: direct)
  await connection.execute('DELETE FROM sessions WHERE token = ?', [req.cookies.token])
  // ok: js.sql-injection (flow: direct)
  logger.query('lookup for ' + req.params.id)
  // ok: js.sql-injection (flow: direct)
  const cached = cache.get('user:' + req.params.id)
  // ok: js.sql-injection (flow: direct)
  const hit = routes.get('/users/' + req.params.id)
  res.json({ a, b, c, rows, cached, hit })
})

app.post('/assignments', async (req, res) => {
  const name = req.body.name
  const who = name
  const sql = "SELECT * FROM users WHERE name = '" + who + "'"
  // ruleid: js.sql-injection (flow: assignments)
  const r = await pool.query(sql)
  // ok: js.sql-injection (flow: assignments)
  const s = await pool.query('SELECT * FROM users WHERE name = $1', [who])
  const { order } = req.query
  // ruleid: js.sql-injection (flow: assignments)
  const t = db.prepare('SELECT * FROM users ORDER BY ' + order).all()
  const account = await Account.findOne({ email: req.body.email })
  // ok: js.sql-injection (flow: assignments)
  await pool.query("UPDATE stats SET last_login = now() WHERE account = '" + account.id + "'")
  res.json({ r, s, t })
})

app.get('/building', async (req, res) => {
  const q = req.query.q
  // ruleid: js.sql-injection (flow: string-building)
  await pool.query(`SELECT * FROM items WHERE title LIKE '%${q}%'`)
  // ruleid: js.sql-injection (flow: string-building)
  await pool.query(util.format("SELECT * FROM items WHERE id = '%s'", q))
  // ruleid: js.sql-injection (flow: string-building)
  await pool.query(['SELECT * FROM items WHERE tag IN (', q, ')'].join(''))
  let stmt = 'UPDATE items SET seen = 1 WHERE owner = '
  stmt += q
  // ruleid: js.sql-injection (flow: string-building)
  await pool.query(stmt)
  // ruleid: js.sql-injection (flow: string-building)
  await pool.query({ text: 'SELECT * FROM items WHERE id = ' + q })
  // ok: js.sql-injection (flow: string-building)
  await pool.query({ text: 'SELECT * FROM items WHERE id = $1', values: [q] })
})

app.get('/container', async (req, res) => {
  const filter = { table: 'items', owner: req.query.owner }
  // ok: js.sql-injection (flow: container)
  await pool.query('SELECT * FROM ' + filter.table)
  // ruleid: js.sql-injection (flow: container)
  await pool.query("SELECT * FROM items WHERE owner = '" + filter.owner + "'")
  const clauses = []
  clauses.push("status = '" + req.query.status + "'")
  // ruleid: js.sql-injection (flow: container)
  await pool.query('SELECT * FROM items WHERE ' + clauses.join(' AND '))
  // A list whose every change is known: after shift() the request data is at 0, not at 1.
  const values = ['safe', req.query.name, 'moresafe']
  values.shift()
  // ok: js.sql-injection (flow: container)
  await pool.query("SELECT * FROM items WHERE name = '" + values[1] + "'")
  // ruleid: js.sql-injection (flow: container)
  await pool.query("SELECT * FROM items WHERE name = '" + values[0] + "'")
  const columns = []
  columns.push('name')
  columns.push(req.query.sort)
  // ruleid: js.sql-injection (flow: container)
  await pool.query('SELECT * FROM items ORDER BY ' + columns.join(', '))
  // A lookup by a request's key gives the table's value: the key does not reach the statement.
  const SORTS = new Map([['newest', 'created_at DESC'], ['oldest', 'created_at']])
  const order = SORTS.get(req.query.sort)
  // ok: js.sql-injection (flow: container)
  await pool.query('SELECT * FROM items ORDER BY ' + order)
})

function whereName(value) {
  return "name = '" + value + "'"
}

function runQuery(where) {
  // ruleid: js.sql-injection (flow: helper-function)
  return pool.query('SELECT * FROM users WHERE ' + where)
}

app.get('/helper', async (req, res) => {
  // ruleid: js.sql-injection (flow: helper-function)
  await pool.query('SELECT * FROM users WHERE ' + whereName(req.query.n))
  await runQuery(req.query.w)
  // ok: js.sql-injection (flow: helper-function)
  await pool.query('SELECT * FROM users WHERE ' + whereName('admin'))
})

class ReportRepository {
  load(req) {
    this.owner = req.query.owner
    this.title = 'monthly'
  }

  async run() {
    // ruleid: js.sql-injection (flow: class-field)
    await this.db.query("SELECT * FROM reports WHERE owner = '" + this.owner + "'")
    // ok: js.sql-injection (flow: class-field)
    await this.db.query("SELECT * FROM reports WHERE title = '" + this.title + "'")
  }
}

app.get('/sanitized', async (req, res) => {
  // ok: js.sql-injection (flow: sanitized)
  await connection.query('SELECT * FROM users WHERE name = ' + connection.escape(req.query.name))
  // ok: js.sql-injection (flow: sanitized)
  await pool.query(sql`SELECT * FROM users WHERE name = ${req.query.name}`)
  // ok: js.sql-injection (flow: sanitized)
  await connection.query(mysql.format('SELECT * FROM users WHERE id = ?', [req.query.id]))
  const sort = SORTABLE.includes(req.query.sort) ? req.query.sort : 'created_at'
  // ok: js.sql-injection (flow: sanitized)
  await pool.query('SELECT * FROM users ORDER BY ' + sort)
  const page = parseInt(req.query.page, 10)
  // ok: js.sql-injection (flow: number-conversion)
  await pool.query('SELECT * FROM users LIMIT 10 OFFSET ' + page * 10)
  // ok: js.sql-injection (flow: number-conversion)
  await pool.query(`SELECT * FROM users LIMIT ${Number(req.query.limit)}`)
})

app.get('/constant', async (req, res) => {
  let order = req.query.order
  order = 'name'
  // ok: js.sql-injection (flow: constant-overwrite)
  await pool.query('SELECT * FROM users ORDER BY ' + order)
  let table = 'users'
  if (false) {
    table = req.query.table
  }
  // ok: js.sql-injection (flow: dead-branch)
  await pool.query('SELECT * FROM ' + table)
})

// Koa, Fastify and AWS Lambda.
router.get('/users/:id', async (ctx) => {
  // ruleid: js.sql-injection (flow: direct)
  ctx.body = await sequelize.query('SELECT * FROM users WHERE id = ' + ctx.params.id)
})
fastify.get('/users', async (request, reply) => {
  // ruleid: js.sql-injection (flow: direct)
  return client.query(`SELECT * FROM users WHERE email = '${request.query.email}'`)
})
exports.handler = async (event) => {
  const body = JSON.parse(event.body)
  // ruleid: js.sql-injection (flow: assignments)
  return pool.query("INSERT INTO log VALUES ('" + body.msg + "')")
}

function notARoute(name) {
  // ok: js.sql-injection
  return pool.query(`SELECT * FROM users WHERE name = '${name}'`)
}
// ok: js.sql-injection
// pool.query('SELECT * FROM users WHERE id = ' + req.params.id)
// ok: js.sql-injection
const msg = "never pool.query('SELECT ' + req.query.x)"
