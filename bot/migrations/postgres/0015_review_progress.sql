-- Tapis schema: deal reviews in the making (bot/service/reviews.py): the reviewer after each weighed
-- decision (games/review.py, with the expert's memory of the deal, pickled, in base64), so a restart
-- resumes a review where it was, deleted when the review is kept in deal_reviews. No member id or
-- name: the seat is the table's, erased with it.
CREATE TABLE review_progress (
    table_id TEXT NOT NULL,
    deal_no INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    samples INTEGER NOT NULL,
    done INTEGER NOT NULL,
    reviewer TEXT NOT NULL,
    updated_at TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')),
    PRIMARY KEY (table_id, deal_no, seat)
);
