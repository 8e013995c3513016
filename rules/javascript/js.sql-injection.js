// Fixture for js.sql-injection.
const { Pool } = require('pg')
const pool = new Pool()

async function findUser(req, res) {
  // ruleid: js.sql-injection
  const a = await pool.query('SELECT * FROM users WHERE id = ' + req.params.id)
  // ruleid: js.sql-injection
  const b = await pool.query(`SELECT * FROM users WHERE name = '${req.query.name}'`)
  // ruleid: js.sql-injection
  await connection.execute("DELETE FROM sessions WHERE token = '" + token + "'", [])
  // ruleid: js.sql-injection
  const c = await knex.raw('select * from orders where owner = ' + owner)
  // ruleid: js.sql-injection
  db.all("SELECT body FROM notes WHERE tag = '" + tag + "' ORDER BY id", cb)
  return res.json({ a, b, c })
}

async function safe(req) {
  // ok: js.sql-injection
  await pool.query('SELECT * FROM users WHERE id = $1', [req.params.id])
  // ok: js.sql-injection
  await connection.execute('DELETE FROM sessions WHERE token = ?', [token])
  // ok: js.sql-injection
  await pool.query(`SELECT count(*) FROM users`)
  // ok: js.sql-injection
  const label = 'Total: ' + total
  // ok: js.sql-injection
  logger.query('lookup for ' + req.params.id)
  // ok: js.sql-injection
  // pool.query('SELECT * FROM users WHERE id = ' + req.params.id)
  // ok: js.sql-injection
  const msg = "never pool.query('SELECT ' + x)"
  // ok: js.sql-injection
  return cache.get('user:' + req.params.id)
}
