<?php
// Fixture for php.open-redirect: request data becoming the redirect target, by every flow the analysis follows.

function direct(): void
{
    // ruleid: php.open-redirect (flow: direct)
    header("Location: " . $_GET['next']);
    // ruleid: php.open-redirect (flow: direct)
    header("Location: {$_COOKIE['return']}", true, 302);
    // ok: php.open-redirect (flow: direct)
    header('Location: /dashboard');
    // ok: php.open-redirect (flow: direct)
    header('X-Next: ' . $_GET['next']);
    // ok: php.open-redirect (flow: direct)
    header('Location: /account?tab=' . $_GET['tab']);
}

function assignments(): void
{
    $back = $_POST['return_to'];
    $target = $back;
    // ruleid: php.open-redirect (flow: assignments)
    header("Location: $target");
    // ruleid: php.open-redirect (flow: assignments)
    wp_redirect($target);
    // ok: php.open-redirect (flow: assignments)
    wp_redirect('/thanks?from=' . $target);
}

function building(): void
{
    $host = $_GET['host'];
    // ruleid: php.open-redirect (flow: string-building)
    header('Location: ' . 'https://' . $host . '/login');
    // ruleid: php.open-redirect (flow: string-building)
    header('Location: ' . sprintf('https://%s/welcome', $host));
    $url = 'https://';
    $url .= $_GET['domain'];
    // ruleid: php.open-redirect (flow: string-building)
    redirect($url);
}

function container(): void
{
    $links = ['home' => '/', 'next' => $_GET['next']];
    // ok: php.open-redirect (flow: container)
    header('Location: ' . $links['home']);
    // ruleid: php.open-redirect (flow: container)
    header('Location: ' . $links['next']);
    $sites = ['docs' => 'https://docs.example.com', 'blog' => 'https://blog.example.com'];
    // ok: php.open-redirect (flow: sanitized)
    header('Location: ' . $sites[$_GET['site']]);
}

function with_tracking($url)
{
    return $url . (str_contains($url, '?') ? '&' : '?') . 'utm_source=mail';
}

function go_to($url)
{
    // ruleid: php.open-redirect (flow: helper-function)
    header('Location: ' . $url);
    exit;
}

function helpers(): void
{
    // ruleid: php.open-redirect (flow: helper-function)
    header('Location: ' . with_tracking($_GET['to']));
    go_to($_REQUEST['dest']);
    // ok: php.open-redirect (flow: helper-function)
    header('Location: ' . with_tracking('/news'));
    go_to('/home');
}

class LoginFlow
{
    private $returnUrl;
    private $home;

    public function start(): void
    {
        $this->returnUrl = $_GET['return_url'];
        $this->home = '/';
    }

    public function finish()
    {
        // ruleid: php.open-redirect (flow: class-field)
        return redirect($this->returnUrl);
    }

    public function cancel()
    {
        // ok: php.open-redirect (flow: class-field)
        return redirect($this->home);
    }
}

class AuthController
{
    public function laravel(Request $request)
    {
        // ruleid: php.open-redirect (flow: direct)
        return redirect($request->input('redirect_uri'));
    }

    public function laravelTo(Request $request)
    {
        $next = $request->query('next');
        // ruleid: php.open-redirect (flow: assignments)
        return redirect()->to($next);
    }

    public function symfony(Request $request): RedirectResponse
    {
        $target = $request->query->get('target');
        // ruleid: php.open-redirect (flow: assignments)
        return new RedirectResponse($target);
    }

    public function safe(Request $request)
    {
        // ok: php.open-redirect (flow: sanitized)
        return redirect()->route('home', ['tab' => $request->input('tab')]);
    }

    public function safePath(Request $request)
    {
        // ok: php.open-redirect (flow: sanitized)
        return redirect('/search?q=' . urlencode($request->input('q')));
    }

    public function safeRoute(Request $request)
    {
        // ok: php.open-redirect (flow: sanitized)
        return new RedirectResponse($this->generateUrl('profile', ['id' => $request->query->get('id')]));
    }

    public function numbers(Request $request)
    {
        $page = (int) $request->query('page');
        // ok: php.open-redirect (flow: number-conversion)
        return redirect('https://example.com/list?page=' . $page);
    }

    public function constants(Request $request)
    {
        $to = $request->input('to');
        $to = 'https://example.com/';
        // ok: php.open-redirect (flow: constant-overwrite)
        header('Location: ' . $to);
        $dest = $request->input('dest');
        if (false) {
            $dest = $request->input('other');
        } else {
            $dest = '/home';
        }
        // ok: php.open-redirect (flow: dead-branch)
        return redirect($dest);
    }
}
