// Fixture for secrets.connection-string-password: the ruleid lines must match, the ok lines (near misses and placeholders) must not.
// ruleid: secrets.connection-string-password
var cs = "Server=tcp:acme.database.windows.net,1433;Initial Catalog=shop;User ID=app;Password=o8YPr13q6g54E7nB;Encrypt=True;";
// ruleid: secrets.connection-string-password
"DefaultConnection": "Data Source=sql01;Initial Catalog=crm;User Id=sa;Pwd=G9N9zYMBrIG4JG;",
// ruleid: secrets.connection-string-password
conn = psycopg2.connect("host=db.internal port=5432 dbname=app user=app password=PXhiKxWRXTkBWZ7HfT")
// ruleid: secrets.connection-string-password
spring.datasource.url=jdbc:postgresql://db:5432/app?user=app&password=qA3Co96YfcPf3Yet&ssl=true
// ok: secrets.connection-string-password
var cs = "Server=sql01;Database=crm;Trusted_Connection=True;";
// ok: secrets.connection-string-password
var cs = $"Server={host};Database=crm;User Id={user};Password=${DB_PASSWORD};";
// ok: secrets.connection-string-password
"DefaultConnection": "Data Source=sql01;User Id=sa;Password=<password>;",
// ok: secrets.connection-string-password
spring.datasource.url=jdbc:postgresql://db:5432/app?user=app&ssl=true
