-- One row rewritten by /healthz while the database's writes are failing, to tell when
-- they work again (a read cannot: a full disk still answers reads).
CREATE TABLE health_probe (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL
);
