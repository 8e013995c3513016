// Data flow across files (issue 10): request data that a controller hands to a function of another file of the
// repository, followed to the sink there through summaries; reported once, in the file with the source, at the call,
// traced on into the other file. Small repositories written here, scanned by a real kernel (and one over HTTP).
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { Kernel } from '../kernel/kernel.ts'
import { linkAcrossFiles, RepositoryIndex } from '../kernel/scan/linked.ts'
import type { FileResult } from '../kernel/scan/batch.ts'
import type { Finding, ScanResult } from '../kernel/base/schemas.ts'
import { startServer, tempDir, writeTree, type TestServer } from './helpers/server.ts'

let kernel: Kernel

before(async () => {
  kernel = await Kernel.boot({ cwd: tempDir('guard-xf-home-'), threads: 0 })
})
after(() => kernel.close())

/** Scans a repository written from `files`; `cache` keeps results between scans in that folder. */
async function scan(files: Record<string, string>, opts: { dir?: string; cache?: string; on?: Kernel } = {}): Promise<ScanResult> {
  const dir = opts.dir ?? tempDir('guard-xf-')
  writeTree(dir, files)
  const { result } = await (opts.on ?? kernel).scan({ repo_path: '.' }, { roots: [dir], cacheDir: opts.cache ?? null })
  return result
}

const flows = (r: ScanResult, rule?: string) => r.findings.filter((f) => f.trace && (!rule || f.rule_id === rule))
const steps = (f: Finding) => f.trace!.map((s) => `${s.file}:${s.line} ${s.note}`)

/** The one finding of `rule`: in `file` at `line`, its message naming the source and the sink in `sinkFile`, traced into it. */
function assertCrossFile(r: ScanResult, rule: string, at: { file: string; line: number; source: RegExp; sink: string; sinkFile: string }): Finding {
  const found = flows(r, rule)
  assert.equal(found.length, 1, JSON.stringify(r.findings.map((f) => `${f.rule_id} ${f.file}:${f.line}`)))
  const [f] = found
  assert.equal(f.file, at.file)
  assert.equal(f.line, at.line)
  assert.match(f.message, at.source)
  assert.ok(f.message.includes(`reaches ${at.sink} in ${at.sinkFile}`), f.message)
  assert.equal(f.trace![0].file, at.file)
  assert.match(f.trace![0].note, /^source: /)
  const last = f.trace!.at(-1)!
  assert.equal(last.file, at.sinkFile)
  assert.equal(last.note, `sink: ${at.sink}`)
  assert.ok(f.trace!.some((s) => s.file === at.sinkFile && s.note.startsWith('parameter ')), steps(f).join('\n'))
  // One flow, one finding: nothing in the file with the sink.
  assert.equal(r.findings.filter((x) => x.file === at.sinkFile && x.rule_id === rule).length, 0)
  return f
}

describe('JavaScript and TypeScript', () => {
  const controller = `const express = require('express')
const { findUser } = require('../models/user')
const router = express.Router()

router.get('/user', (req, res) => {
  const name = req.query.name
  findUser(name, (err, rows) => res.json(rows))
})
module.exports = router
`
  const model = (escape: boolean) => `const db = require('./db')

function findUser(name, cb) {
  const sql = "SELECT * FROM users WHERE name = '" + ${escape ? 'db.escape(name)' : 'name'} + "'"
  db.query(sql, cb)
}
module.exports = { findUser }
`

  test('a request value handed to an imported helper reaches its sink there: one finding at the call, traced into the helper', async () => {
    const r = await scan({ 'routes/users.js': controller, 'models/user.js': model(false), 'models/db.js': 'module.exports = {}\n' })
    const f = assertCrossFile(r, 'js.sql-injection', { file: 'routes/users.js', line: 7, source: /^req\.query\.name reaches/, sink: 'db.query()', sinkFile: 'models/user.js' })
    assert.deepEqual(steps(f), [
      'routes/users.js:6 source: req.query.name',
      'routes/users.js:6 name = …',
      'routes/users.js:7 into findUser()',
      'models/user.js:3 parameter name',
      'models/user.js:4 sql = …',
      'models/user.js:5 sink: db.query()',
    ])
    assert.equal(f.snippet, '  findUser(name, (err, rows) => res.json(rows))')
  })

  test('the request read by a local helper and handed to the imported one: the route that calls both is followed', async () => {
    const local = controller.replace("router.get('/user', (req, res) => {\n  const name = req.query.name\n  findUser(name,", "function nameOf(req) {\n  return req.query.name\n}\nrouter.get('/user', (req, res) => {\n  findUser(nameOf(req),")
    assert.notEqual(local, controller)
    const r = await scan({ 'routes/users.js': local, 'models/user.js': model(false), 'models/db.js': 'module.exports = {}\n' })
    assertCrossFile(r, 'js.sql-injection', { file: 'routes/users.js', line: 9, source: /^req\.query\.name reaches/, sink: 'db.query()', sinkFile: 'models/user.js' })
  })

  test('the same helper escaping its parameter, and a helper in a file the controller does not import, give none', async () => {
    const sanitized = await scan({ 'routes/users.js': controller, 'models/user.js': model(true), 'models/db.js': 'module.exports = {}\n' })
    assert.equal(flows(sanitized).length, 0, JSON.stringify(sanitized.findings))
    // findUser is defined in a file nobody imports; the controller's import names a file without it.
    const elsewhere = await scan({ 'routes/users.js': controller, 'models/user.js': 'exports.other = () => 1\n', 'lib/user.js': model(false), 'models/db.js': '' })
    assert.equal(flows(elsewhere).length, 0, JSON.stringify(elsewhere.findings))
  })

  test('a chain of two files, a helper returning request data to a sink in its caller, and a number conversion on the way', async () => {
    const r = await scan({
      'routes/orders.js': `const orders = require('../services/orders')
const { readName } = require('../lib/input')
const db = require('../models/db')

exports.create = (req, res) => {
  orders.place(req.body.item)
  orders.placeSafely(req.body.item)
  res.send('ok')
}

exports.lookup = (req, res) => {
  const name = readName(req)
  db.query("SELECT * FROM users WHERE name = '" + name + "'")
  res.send(String(req.query.page))
}
`,
      'services/orders.js': `const store = require('../models/store')
module.exports = {
  place(item) {
    store.insert(item)
  },
  placeSafely(item) {
    store.insert(Number(item))
  },
}
`,
      'models/store.js': `const db = require('./db')
exports.insert = function (item) {
  db.query("INSERT INTO orders VALUES ('" + item + "')")
}
`,
      'models/db.js': 'module.exports = {}\n',
      'lib/input.js': 'function readName(req) {\n  return req.query.name\n}\nmodule.exports = { readName }\n',
    })
    const sql = flows(r, 'js.sql-injection')
    assert.deepEqual(sql.map((f) => `${f.file}:${f.line}`), ['routes/orders.js:6', 'routes/orders.js:13'])
    // Two files deep: the service hands the item on to the model, where the sink is.
    assert.deepEqual(sql[0].trace!.map((s) => s.file), ['routes/orders.js', 'routes/orders.js', 'services/orders.js', 'services/orders.js', 'models/store.js', 'models/store.js'])
    assert.match(sql[0].message, /reaches db\.query\(\) in models\/store\.js/)
    // The return way: the source is in the helper's file, the sink in the caller's.
    assert.deepEqual(steps(sql[1]).slice(0, 2), ['lib/input.js:2 source: req.query.name', 'routes/orders.js:12 from readName()'])
    assert.equal(sql[1].trace!.at(-1)!.file, 'routes/orders.js')
  })

  test('TypeScript: a namespace import, a class imported by name, index files and re-exports', async () => {
    const r = await scan({
      'routes/search.ts': `import { type Request, type Response } from 'express'
import * as utils from '../lib/utils'
import { UserModel } from '../models'
import exec from '../lib/run'

export function search (req: Request, res: Response) {
  const criteria: any = req.query.q ?? ''
  utils.runQuery(criteria)
  UserModel.findByName(req.body.name)
  exec(req.body.cmd)
  res.json({})
}
`,
      'lib/utils.ts': `import { sequelize } from '../models/db'
export const runQuery = (criteria: string) => {
  return sequelize.query(\`SELECT * FROM Products WHERE name LIKE '%\${criteria}%'\`)
}
`,
      'models/index.ts': `export * from './user'\n`,
      'models/user.ts': `import { sequelize } from './db'
export class UserModel {
  static findByName (name: string) {
    return sequelize.query('SELECT * FROM Users WHERE name = "' + name + '"')
  }
}
`,
      'models/db.ts': 'export const sequelize: any = null\n',
      'lib/run.ts': `import { execSync } from 'child_process'\nexport default function run (cmd: string) {\n  return execSync('sh -c ' + cmd)\n}\n`,
    })
    assert.deepEqual(flows(r).map((f) => `${f.rule_id} ${f.file}:${f.line} ${f.trace!.at(-1)!.file}`).sort(), [
      'js.command-injection routes/search.ts:10 lib/run.ts',
      'js.sql-injection routes/search.ts:8 lib/utils.ts',
      'js.sql-injection routes/search.ts:9 models/user.ts',
    ])
  })

  test('an object made from an imported constructor: its methods are the file’s (NodeGoat’s data access objects)', async () => {
    const r = await scan({
      'app/routes/allocations.js': `const { AllocationsDAO } = require("../data/allocations-dao");

function AllocationsHandler(db) {
    const allocationsDAO = new AllocationsDAO(db);
    this.displayAllocations = (req, res, next) => {
        const { userId } = req.params;
        const { threshold } = req.query;
        allocationsDAO.getByUserIdAndThreshold(userId, threshold, (err, allocations) => {
            if (err) return next(err);
            return res.render("allocations", { userId, allocations });
        });
    };
}
module.exports = AllocationsHandler;
`,
      'app/data/allocations-dao.js': `function AllocationsDAO(db) {
    const allocationsCol = db.collection("allocations");
    this.getByUserIdAndThreshold = (userId, threshold, callback) => {
        const parsedUserId = parseInt(userId);
        allocationsCol.find({ $where: \`this.userId == \${parsedUserId} && this.stocks > '\${threshold}'\` }).toArray(callback);
    };
}
module.exports = { AllocationsDAO };
`,
    })
    assertCrossFile(r, 'js.nosql-injection', { file: 'app/routes/allocations.js', line: 8, source: /^req\.query reaches/, sink: 'allocationsCol.find()', sinkFile: 'app/data/allocations-dao.js' })
  })
})

describe('Python, Java, Go, Ruby and PHP', () => {
  test('Python: from a relative module, from a package path, a module imported whole, and a method of an object made here', async () => {
    const r = await scan({
      'app/__init__.py': '',
      'app/services/__init__.py': '',
      'app/views.py': `from flask import Flask, request
from app.services.users import find_user
from .services import reports
import app.services.files as files
from .services.accounts import Accounts

app = Flask(__name__)
accounts = Accounts()

@app.route("/user")
def user():
    name = request.args.get("name")
    return find_user(name)

@app.route("/report")
def report():
    reports.run(request.args.get("q"))
    files.read(request.args.get("path"))
    accounts.close(request.args.get("id"))
    return "ok"
`,
      'app/services/accounts.py': `from django.db import connection

class Accounts:
    def close(self, account_id):
        with connection.cursor() as cur:
            cur.execute("DELETE FROM accounts WHERE id = %s" % account_id)

    @staticmethod
    def audit(entry):
        return entry
`,
      'app/services/users.py': `import sqlite3

def find_user(name):
    cur = sqlite3.connect("db").cursor()
    cur.execute("SELECT * FROM users WHERE name = '" + name + "'")
    return cur.fetchall()
`,
      'app/services/reports.py': 'import os\n\ndef run(query):\n    os.system("report --q " + query)\n',
      'app/services/files.py': 'import os\n\ndef read(name):\n    if name not in ("a.txt", "b.txt"):\n        return None\n    return open(os.path.join("/srv", name)).read()\n',
    })
    const sql = flows(r, 'py.sql-injection').find((f) => f.line === 13)!
    assert.match(sql.message, /^request\.args\.get\("name"\) reaches cur\.execute\(\) in app\/services\/users\.py/)
    assert.deepEqual(steps(sql).slice(-2), ['app/services/users.py:3 parameter name', 'app/services/users.py:5 sink: cur.execute()'])
    // The file whose `read` checks its name against a list is no flow; the method's `self` is no argument.
    assert.deepEqual(flows(r).map((f) => `${f.rule_id} ${f.file}:${f.line} ${f.trace!.at(-1)!.file}`).sort(), [
      'py.os-system-injection app/views.py:17 app/services/reports.py',
      'py.sql-injection app/views.py:13 app/services/users.py',
      'py.sql-injection app/views.py:19 app/services/accounts.py',
    ])
  })

  test('Java: a repository in another package (a field of its type), a static method, and a class of the same package', async () => {
    const r = await scan({
      'src/main/java/com/acme/web/UserController.java': `package com.acme.web;

import com.acme.data.UserRepository;
import javax.servlet.http.HttpServletRequest;

public class UserController {
    private UserRepository repo = new UserRepository();

    public String show(HttpServletRequest request) {
        String id = request.getParameter("id");
        return repo.findById(id);
    }

    public String search(HttpServletRequest request) {
        return UserRepository.search(request.getParameter("q"));
    }

    public String audit(HttpServletRequest request) throws Exception {
        return new Audit().log(request.getParameter("who"));
    }
}
`,
      'src/main/java/com/acme/web/Audit.java': `package com.acme.web;

public class Audit {
    public String log(String who) throws Exception {
        Runtime.getRuntime().exec("audit " + who);
        return who;
    }
}
`,
      'src/main/java/com/acme/data/UserRepository.java': `package com.acme.data;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;

public class UserRepository {
    private Connection connection;

    public String findById(String id) throws Exception {
        Statement st = connection.createStatement();
        return st.executeQuery("SELECT * FROM users WHERE id = '" + id + "'").getString(1);
    }

    public static String search(String q) throws Exception {
        PreparedStatement ps = null;
        ps.setString(1, q);
        return q;
    }
}
`,
    })
    assert.deepEqual(flows(r).map((f) => `${f.rule_id} ${f.file}:${f.line} ${f.trace!.at(-1)!.file}`).sort(), [
      'java.command-injection src/main/java/com/acme/web/UserController.java:19 src/main/java/com/acme/web/Audit.java',
      'java.sql-injection src/main/java/com/acme/web/UserController.java:11 src/main/java/com/acme/data/UserRepository.java',
    ])
  })

  test('Go: a function of the same package in another file, and a package of the module', async () => {
    const r = await scan({
      'go.mod': 'module github.com/acme/shop\n\ngo 1.21\n',
      'cmd/main.go': `package main

import (
	"net/http"

	"github.com/acme/shop/internal/store"
)

func handler(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	store.FindUser(name)
	runReport(r.FormValue("q"))
}
`,
      'cmd/report.go': 'package main\n\nimport "os/exec"\n\nfunc runReport(q string) {\n\texec.Command("sh", "-c", "report "+q).Run()\n}\n',
      'internal/store/users.go': 'package store\n\nimport "database/sql"\n\nvar db *sql.DB\n\nfunc FindUser(name string) {\n\tdb.Query("SELECT * FROM users WHERE name = \'" + name + "\'")\n}\n',
    })
    assert.deepEqual(flows(r).map((f) => `${f.rule_id} ${f.file}:${f.line} ${f.trace!.at(-1)!.file}`).sort(), [
      'go.command-injection cmd/main.go:12 cmd/report.go',
      'go.sql-injection cmd/main.go:11 internal/store/users.go',
    ])
  })

  test('Ruby: a model’s class method by its constant (Rails loads it from its file), through a helper of the model', async () => {
    const r = await scan({
      'app/controllers/benefits_controller.rb': `class BenefitsController < ApplicationController
  def upload
    Benefits.save(params[:file], params[:backup])
    redirect_to root_path
  end
end
`,
      'app/models/benefits.rb': `class Benefits < ApplicationRecord
  def self.save(file, backup)
    make_backup(file, backup)
  end

  def self.make_backup(file, backup)
    system("cp #{file} /backups/#{backup}")
  end
end
`,
    })
    const f = assertCrossFile(r, 'rb.command-injection', { file: 'app/controllers/benefits_controller.rb', line: 3, source: /^params\[:file\] reaches/, sink: 'system()', sinkFile: 'app/models/benefits.rb' })
    assert.ok(steps(f).includes('app/models/benefits.rb:3 into make_backup()'))
  })

  test('PHP: a function of a required file, and a method of a class by its name', async () => {
    const r = await scan({
      'index.php': `<?php
require_once 'lib/db.php';

$id = $_GET['id'];
find_user($id);
$users = new Users();
$users->remove($_POST['name']);
`,
      'lib/db.php': `<?php
function find_user($id) {
    $conn = mysqli_connect("localhost", "u", "p", "db");
    mysqli_query($conn, "SELECT * FROM users WHERE id = '" . $id . "'");
}
`,
      'lib/Users.php': `<?php
class Users {
    public function remove($name) {
        $conn = mysqli_connect("localhost", "u", "p", "db");
        mysqli_query($conn, "DELETE FROM users WHERE name = '" . mysqli_real_escape_string($conn, $name) . "'");
    }
}
`,
    })
    assertCrossFile(r, 'php.sql-injection', { file: 'index.php', line: 5, source: /^\$_GET\['id'\] reaches/, sink: 'mysqli_query()', sinkFile: 'lib/db.php' })
  })
})

describe('kept results and the repository bound', () => {
  const files = {
    'routes/users.js': `const { findUser } = require('../models/user')\nexports.show = (req, res) => findUser(req.query.name)\n`,
    'models/user.js': `const db = require('./db')\nexports.findUser = (name) => db.query("SELECT * FROM users WHERE name = '" + name + "'")\n`,
    'models/db.js': 'module.exports = {}\n',
  }

  test('a helper changed to sanitize drops the finding of its unchanged caller; an unchanged rescan takes every result from the cache', async () => {
    const dir = tempDir('guard-xf-')
    const cache = path.join(tempDir('guard-xf-cache-'), 'cache')
    const cold = await scan(files, { dir, cache })
    assert.equal(flows(cold).length, 1)
    const warm = await scan({}, { dir, cache })
    assert.equal(warm.files_cached, warm.files_scanned)
    assert.deepEqual(warm.findings.map((f) => f.id), cold.findings.map((f) => f.id))
    fs.writeFileSync(path.join(dir, 'models/user.js'), `const db = require('./db')\nexports.findUser = (name) => db.query("SELECT * FROM users WHERE id = " + Number(name))\n`)
    const fixed = await scan({}, { dir, cache })
    assert.equal(flows(fixed).length, 0, JSON.stringify(fixed.findings))
    // The caller's own result came from the cache: only the summary it used changed.
    assert.equal(fixed.files_cached, fixed.files_scanned - 1)
    const again = await scan({}, { dir, cache })
    assert.equal(again.files_cached, again.files_scanned)
    assert.equal(flows(again).length, 0)
  })

  test('worker threads find what the in-process scan finds (summaries cross the thread boundary as JSON)', async () => {
    const threaded = await Kernel.boot({ cwd: tempDir('guard-xf-home-'), threads: 2, warm: true })
    try {
      const [pooled, inProcess] = [await scan(files, { on: threaded }), await scan(files)]
      assert.equal(flows(pooled).length, 1)
      assert.deepEqual(pooled.findings.map((f) => [f.id, f.trace]), inProcess.findings.map((f) => [f.id, f.trace]))
    } finally {
      await threaded.close()
    }
  })

  test('past the bound of files summarised, the rest are not followed and the scan says so', async () => {
    const result = (p: string, links?: Record<string, string[]>): FileResult => ({ path: p, bytes: 1, findings: [], found: 0, ...(links && { links }) })
    const asked: string[][] = []
    const listed = ['a.js', 'b.js', 'c.js', 'd.js'].map((p) => ({ path: p, text: '' }))
    const run = async (batch: { path: string; linked?: { summarize?: string[] } }[]) => {
      asked.push(batch.map((f) => `${f.path}${f.linked?.summarize ? ` ${f.linked.summarize.join(',')}` : ''}`))
      return batch.map((f) => result(f.path))
    }
    const warnings: { path: string; message: string }[] = []
    const results = [result('a.js', { 'b.js|b.ts': ['f'], 'c.js': ['g'], 'd.js': ['h'], 'missing.js': ['i'] }), result('b.js'), result('c.js'), result('d.js')]
    const out = await linkAcrossFiles(results, listed, run, warnings, { depth: 2, files: 2 })
    assert.deepEqual(asked, [['b.js f', 'c.js g']])
    assert.equal(out, results)
    assert.equal(warnings.length, 1)
    assert.match(warnings[0].message, /2 imported files summarised, the limit of one scan; calls into 1 more are not followed/)
  })

  test('imports resolve only to files of the scan: never above its root, at any depth by a path suffix, a folder’s files by extension', () => {
    const index = new RepositoryIndex(['src/a.js', 'src/lib/index.ts', 'pkg/com/x/Helper.java', 'other/com/x/Helper.java', 'internal/db/q.go', 'internal/db/r.go', 'internal/db/q_test.txt'])
    assert.deepEqual(index.resolve('src/lib.js|src/lib/index.js|src/lib/index.ts'), ['src/lib/index.ts'])
    assert.deepEqual(index.resolve('../etc/passwd|src/../../x.js|/etc/passwd|**/../x'), [])
    assert.deepEqual(index.resolve('**/com/x/Helper.java'), ['other/com/x/Helper.java', 'pkg/com/x/Helper.java'])
    assert.deepEqual(index.resolve('…/github.com/acme/shop/internal/db/*.go'), ['internal/db/q.go', 'internal/db/r.go'])
    assert.deepEqual(index.resolve('…/github.com/acme/shop/missing/*.go'), [])
    assert.deepEqual(index.resolve('src/*.js'), ['src/a.js'])
  })
})

describe('over HTTP', () => {
  let server: TestServer
  before(async () => (server = await startServer()))
  after(() => server.close())

  test('inline files: the flow into an imported helper is one finding with its trace into the helper, in SARIF too', async () => {
    const res = await server.request('/scan', {
      method: 'POST',
      json: { files: { 'app/views.py': 'from flask import request\nfrom .reports import run\n\ndef report():\n    run(request.args.get("q"))\n', 'app/reports.py': 'import os\n\ndef run(query):\n    os.system("report " + query)\n', 'app/__init__.py': '' } },
    })
    assert.equal(res.status, 200)
    const body = (await res.json()) as ScanResult
    const [f] = flows(body)
    assert.equal(flows(body).length, 1, JSON.stringify(body.findings))
    assert.equal(`${f.file}:${f.line}`, 'app/views.py:5')
    assert.deepEqual(f.trace!.map((s) => s.file), ['app/views.py', 'app/views.py', 'app/reports.py', 'app/reports.py'])
    const report = await server.request('/report?format=sarif', { method: 'POST', json: { scan_id: body.scan_id } })
    const sarif = JSON.parse(((await report.json()) as { content: string }).content)
    const locations = sarif.runs[0].results.find((r: { ruleId: string }) => r.ruleId === f.rule_id).codeFlows[0].threadFlows[0].locations
    assert.equal(locations.at(-1).location.physicalLocation.artifactLocation.uri, 'app/reports.py')
  })
})
