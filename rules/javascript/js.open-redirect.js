// Fixture for js.open-redirect.
app.get('/login/done', (req, res) => {
  // ruleid: js.open-redirect
  res.redirect(req.query.next)
  // ruleid: js.open-redirect
  res.redirect(302, req.body.returnTo)
  // ruleid: js.open-redirect
  res.redirect(req.query.host + '/welcome')
  // ruleid: js.open-redirect
  res.redirect(`${req.query.base}/home`)
})

fastify.get('/go', async (request, reply) => {
  // ruleid: js.open-redirect
  return reply.redirect(request.query.url)
})

app.get('/safe', (req, res) => {
  // ok: js.open-redirect
  res.redirect('/dashboard')
  // ok: js.open-redirect
  res.redirect('/items/' + req.params.id)
  // ok: js.open-redirect
  res.redirect(`/users/${req.params.id}/profile`)
  // ok: js.open-redirect
  res.redirect(config.loginUrl)
  // ok: js.open-redirect
  res.redirect(safeNext(req.query.next))
})
