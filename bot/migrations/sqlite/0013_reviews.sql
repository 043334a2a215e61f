-- Tapis schema: deal reviews (bot/service/reviews.py), each computed once and kept: a seat's
-- decisions of one deal weighed by the expert (games/review.py, its JSON). No member id or name:
-- the seat is the table's, erased with it.
CREATE TABLE deal_reviews (
    table_id TEXT NOT NULL,
    deal_no INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    samples INTEGER NOT NULL,
    review TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (datetime('now')),
    PRIMARY KEY (table_id, deal_no, seat)
);
