// Fixture for js.empty-catch.
function load(text) {
  try {
    return JSON.parse(text)
    // ruleid: js.empty-catch
  } catch (e) {}
  try {
    fs.unlinkSync(tmp)
    // ruleid: js.empty-catch
  } catch {}
  // ruleid: js.empty-catch
  try { risky() } catch (err) { }
}

function safe(text) {
  try {
    return JSON.parse(text)
    // ok: js.empty-catch
  } catch (e) {
    logger.warn('bad JSON', e)
  }
  try {
    fs.unlinkSync(tmp)
    // ok: js.empty-catch
  } catch {
    // already gone: nothing to clean up
  }
  // ok: js.empty-catch
  promise.catch(() => {})
  // ok: js.empty-catch
  promise.catch(noop)
}
