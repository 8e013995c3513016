// Fixture for js.xxe.
const libxmljs = require('libxmljs')

app.post('/import', (req, res) => {
  // ruleid: js.xxe
  const doc = libxmljs.parseXml(req.body, { noent: true })
  // ruleid: js.xxe
  const doc2 = libxmljs.parseXmlString(req.body.toString(), { noblanks: true, noent: true })
  // ruleid: js.xxe
  const doc3 = libxml.parseXml(xml, { noent: true, nocdata: true })
  res.json({ doc, doc2, doc3 })
})

app.post('/safe', (req, res) => {
  // ok: js.xxe
  const doc = libxmljs.parseXml(req.body)
  // ok: js.xxe
  const doc2 = libxmljs.parseXmlString(req.body, { noent: false })
  // ok: js.xxe
  const doc3 = libxmljs.parseXml(xml, { noblanks: true })
  // ok: js.xxe
  const opts = { noent: true }
  res.json({ doc, doc2, doc3, opts })
})
