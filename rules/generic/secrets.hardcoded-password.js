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
}
