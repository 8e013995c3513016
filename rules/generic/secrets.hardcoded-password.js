// Fixture for secrets.hardcoded-password in JavaScript.
module.exports = {
  // ruleid: secrets.hardcoded-password
  dbPassword: 'q8W!e3Rz#T5yU1iO',
  // ruleid: secrets.hardcoded-password
  accessToken: "9f86d081884c7d659a2feaa0c55ad015",
  // ok: secrets.hardcoded-password
  password: process.env.DB_PASSWORD,
  // ok: secrets.hardcoded-password
  secret: '<your-secret>',
  // ok: secrets.hardcoded-password
  apiKey: 'xxxxxxxxxxxxxxxx',
  // Found in real code (noise review): an environment dump, a character set, URLs and token-type names.
  // ok: secrets.hardcoded-password
  env: { PWD: '/Users/alice/project', HOME: '/Users/alice' },
  // ok: secrets.hardcoded-password
  passwordSymbols: 'qwertyuiopasdfghjklzxcvbnm!@#$%^&*',
  // ok: secrets.hardcoded-password
  access_token_url: 'https://api.twitter.com/oauth/access_token',
  // ok: secrets.hardcoded-password
  REQUEST_TYPE_ACCESS_TOKEN: "auth-request-type/at",
  // ok: secrets.hardcoded-password
  ACCESS_TOKEN_TOKEN_TYPE: "urn:ietf:params:oauth:token-type:access_token",
  // ok: secrets.hardcoded-password
  apiKeyId: 'AKZ9Q2WX7LMN4PR8',
  // ruleid: secrets.hardcoded-password
  sessionSecret: 'e4Kq9!zT2#vW8pLx',
}
