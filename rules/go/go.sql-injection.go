// Fixture for go.sql-injection.
package store

import (
	"context"
	"database/sql"
	"fmt"
)

func Find(ctx context.Context, db *sql.DB, id, name, order string) error {
	// ruleid: go.sql-injection
	rows, err := db.Query("SELECT * FROM users WHERE id = " + id)
	// ruleid: go.sql-injection
	_, err = db.ExecContext(ctx, fmt.Sprintf("DELETE FROM sessions WHERE owner = '%s'", name))
	// ruleid: go.sql-injection
	row := db.QueryRow("SELECT name FROM users ORDER BY " + order + " LIMIT 1")
	// ruleid: go.sql-injection
	stmt, err := db.Prepare(fmt.Sprintf(`UPDATE users SET name = '%s'`, name))
	_, _, _ = rows, row, stmt
	return err
}

func Safe(ctx context.Context, db *sql.DB, id string) error {
	// ok: go.sql-injection
	rows, err := db.QueryContext(ctx, "SELECT * FROM users WHERE id = $1", id)
	// ok: go.sql-injection
	_, err = db.Exec("DELETE FROM sessions WHERE expires < now()")
	// ok: go.sql-injection
	msg := fmt.Sprintf("lookup %s", id)
	// ok: go.sql-injection
	log.Print("SELECT for " + id)
	// ok: go.sql-injection
	// db.Query("SELECT * FROM users WHERE id = " + id)
	// ok: go.sql-injection
	doc := "never db.Query(\"SELECT \" + id)"
	_, _, _ = rows, msg, doc
	return err
}
