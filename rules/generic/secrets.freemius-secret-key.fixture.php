// Fixture for secrets.freemius-secret-key: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
// ruleid: secrets.freemius-secret-key
    'secret_key' => 'sk_iZwuQqx60wHg@Yop7VqKY;IkS9Uf1',
// ruleid: secrets.freemius-secret-key
  "secret_key" => "sk_2EAk5x8Dx6KxLXd6JOo4t1IvMRgRD",
// ruleid: secrets.freemius-secret-key
fs_dynamic_init(array('id' => '1234', 'secret_key' => 'sk_Y9qhKcn3qe<sWrI9CAFfsQN4uU10g', 'is_live' => true));
// ok: secrets.freemius-secret-key
    'secret_key' => 'sk_xxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
// ok: secrets.freemius-secret-key
    'public_key' => 'pk_90d967915b61357aab19012d84f34',
// ok: secrets.freemius-secret-key
    'secret_key' => 'sk_geQ0YtkOIG',
// ok: secrets.freemius-secret-key
    'secret_key' => getenv('FREEMIUS_SECRET_KEY'),
