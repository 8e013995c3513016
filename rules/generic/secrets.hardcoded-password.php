<?php
// Fixture for secrets.hardcoded-password in PHP: class maps name classes, not secrets.
$map = [
  // ok: secrets.hardcoded-password
  'google\\appengine\\getaccesstokenrequest' => 'google\\appengine\\GetAccessTokenRequest',
  // ok: secrets.hardcoded-password
  'google\appengine\getaccesstokenresponse' => 'google\appengine\GetAccessTokenResponse',
  // ok: secrets.hardcoded-password
  'google\appengine\getaccesstokenrequest' => 'google/appengine/api/app_identity/app_identity_service_pb.php',
  // ruleid: secrets.hardcoded-password
  'db_password' => 'Zr8#kq2!Wm5vT9xL',
  // ok: secrets.hardcoded-password
  'db_password' => getenv('DB_PASSWORD'),
];
