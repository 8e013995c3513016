<?php
// Fixture for php.trust-boundary-violation: request data stored in the session, by every flow the analysis follows.

session_start();

// ruleid: php.trust-boundary-violation (flow: direct)
$_SESSION['user_id'] = $_POST['user_id'];
// ruleid: php.trust-boundary-violation (flow: direct)
$_SESSION['return_to'] = $_SERVER['HTTP_REFERER'];
// ok: php.trust-boundary-violation (flow: direct)
$_SESSION['started'] = time();
// ok: php.trust-boundary-violation (flow: direct)
$_SESSION['has_query'] = isset($_GET['q']);
// ok: php.trust-boundary-violation (flow: direct)
$theme = $_SESSION['theme'] ?? 'light';

function assignments(): void
{
    $role = $_GET['role'];
    $wanted = $role;
    // ruleid: php.trust-boundary-violation (flow: assignments)
    $_SESSION['role'] = $wanted;
    $id = (int) $_POST['account'];
    // ruleid: php.trust-boundary-violation (flow: assignments)
    $_SESSION['account_id'] = $id;
    // ok: php.trust-boundary-violation (flow: assignments)
    $_SESSION['flash'] = 'Saved';
}

function building(): void
{
    $name = filter_input(INPUT_POST, 'name');
    // ruleid: php.trust-boundary-violation (flow: string-building)
    $_SESSION['greeting'] = "Welcome back, $name";
    $trail = 'home';
    $trail .= ' > ' . $_GET['section'];
    // ruleid: php.trust-boundary-violation (flow: string-building)
    $_SESSION['breadcrumb'] = $trail;
    $prefs = ['lang' => 'en', 'tz' => $_COOKIE['tz']];
    // ok: php.trust-boundary-violation (flow: container)
    $_SESSION['lang'] = $prefs['lang'];
    // ruleid: php.trust-boundary-violation (flow: container)
    $_SESSION['tz'] = $prefs['tz'];
    // ruleid: php.trust-boundary-violation (flow: container)
    $_SESSION['cart'][] = ['sku' => $_POST['sku'], 'qty' => 1];
}

function normalise($value)
{
    return strtolower(trim($value));
}

function remember($key, $value)
{
    // ruleid: php.trust-boundary-violation (flow: helper-function)
    $_SESSION[$key] = $value;
}

function helpers(): void
{
    // ruleid: php.trust-boundary-violation (flow: helper-function)
    $_SESSION['email'] = normalise($_POST['email']);
    remember('plan', $_POST['plan']);
    // ok: php.trust-boundary-violation (flow: helper-function)
    $_SESSION['email'] = normalise('guest@example.com');
    remember('plan', 'free');
}

class Checkout
{
    private $coupon;
    private $currency;

    public function __construct()
    {
        $this->coupon = $_POST['coupon'];
        $this->currency = 'EUR';
    }

    public function save(): void
    {
        // ruleid: php.trust-boundary-violation (flow: class-field)
        $_SESSION['coupon'] = $this->coupon;
        // ok: php.trust-boundary-violation (flow: class-field)
        $_SESSION['currency'] = $this->currency;
    }
}

class PreferenceController
{
    public function laravel(Request $request)
    {
        // ruleid: php.trust-boundary-violation (flow: direct)
        session(['is_admin' => $request->input('admin')]);
        // ruleid: php.trust-boundary-violation (flow: direct)
        $request->session()->put('locale', $request->query('locale'));
        // ok: php.trust-boundary-violation (flow: direct)
        $request->session()->put('visited', true);
    }

    public function symfony(Request $request, SessionInterface $session)
    {
        $team = $request->request->get('team');
        // ruleid: php.trust-boundary-violation (flow: assignments)
        $session->set('team_id', $team);
    }

    public function safe(Request $request)
    {
        $plans = ['basic' => 'basic', 'pro' => 'pro'];
        // ok: php.trust-boundary-violation (flow: sanitized)
        $_SESSION['plan'] = $plans[$request->input('plan')];
        $size = match ($request->input('size')) {
            'large' => 50,
            default => 20,
        };
        // ok: php.trust-boundary-violation (flow: sanitized)
        $_SESSION['page_size'] = $size;
        $l = $request->input('l');
        $l = 'en';
        // ok: php.trust-boundary-violation (flow: constant-overwrite)
        $_SESSION['lang'] = $l;
        $m = $request->input('m');
        if (false) {
            $m = $request->input('n');
        } else {
            $m = 'grid';
        }
        // ok: php.trust-boundary-violation (flow: dead-branch)
        $_SESSION['mode'] = $m;
    }
}
