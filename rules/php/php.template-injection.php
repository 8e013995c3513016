<?php
// Fixture for php.template-injection.

function preview(\Twig\Environment $twig): string
{
    // ruleid: php.template-injection
    $template = $twig->createTemplate($_POST['template']);
    $greeting = $_GET['greeting'];
    // ruleid: php.template-injection
    $template = $twig->createTemplate("<p>$greeting {{ name }}</p>");
    // ruleid: php.template-injection
    $smarty->display('string:' . $_GET['tpl']);
    // ok: php.template-injection
    $html = $twig->render('preview.html.twig', ['body' => $_POST['template']]);
    // ok: php.template-injection
    $template = $twig->createTemplate('<p>Hello {{ name }}</p>');
    // ok: php.template-injection
    $smarty->display('page.tpl');
    return $template->render(['name' => 'x']);
}

class MailPreviewController
{
    public function laravel(Request $request)
    {
        // ruleid: php.template-injection
        return Blade::render($request->input('body'), ['user' => $request->user()]);
    }

    public function safe(Request $request)
    {
        // ok: php.template-injection
        return view('mail.preview', ['body' => $request->input('body')]);
    }
}
