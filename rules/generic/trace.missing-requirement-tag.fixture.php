<?php
// ruleid: trace.missing-requirement-tag
namespace App\Billing;

/** Rounds invoice totals (see the finance wiki). */
function round_total(float $total): float { return round($total, 2); }
