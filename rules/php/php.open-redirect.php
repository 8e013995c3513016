<?php
// Fixture for php.open-redirect.

function login(): void
{
    // ruleid: php.open-redirect
    header("Location: " . $_GET['next']);
    $back = $_POST['return_to'];
    // ruleid: php.open-redirect
    header("Location: $back");
    // ok: php.open-redirect
    header('Location: /account?tab=' . urlencode($_GET['tab']));
    // ok: php.open-redirect
    header('Location: /dashboard');
    // ok: php.open-redirect
    header('X-Next: ' . $_GET['next']);
}

class AuthController
{
    public function laravel(Request $request)
    {
        // ruleid: php.open-redirect
        return redirect($request->input('redirect_uri'));
    }

    public function laravelTo(Request $request)
    {
        // ruleid: php.open-redirect
        return redirect()->to($request->query('next'));
    }

    public function symfony(Request $request): RedirectResponse
    {
        $target = $request->query->get('target');
        // ruleid: php.open-redirect
        return new RedirectResponse($target);
    }

    public function safe(Request $request)
    {
        // ok: php.open-redirect
        return redirect()->route('home', ['tab' => $request->input('tab')]);
    }

    public function safePath(Request $request)
    {
        // ok: php.open-redirect
        return redirect('/search?q=' . urlencode($request->input('q')));
    }

    public function safeChecked(Request $request): RedirectResponse
    {
        $target = $request->query->get('target');
        if (!$this->isValidRedirect($target)) {
            $target = '/';
        }
        // ok: php.open-redirect
        return new RedirectResponse($target);
    }
}
