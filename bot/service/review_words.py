"""A deal review in words (:class:`games.review.Review`), text first, for a phone's width."""

from __future__ import annotations

from collections.abc import Callable

from bot.service.field_words import decimal
from bot.service.i18n import N_, t, tn
from bot.service.review_reasons import moment_reason
from games.base import Game
from games.errors import GameError
from games.review import GRADES, Decision, Review, grade

#: each grade's count, with its plural forms
GRADE_COUNTS: dict[str, Callable[[str, int], str]] = {
    "excellent": lambda locale, n: tn(locale, "review_count_excellent", n),
    "good": lambda locale, n: tn(locale, "review_count_good", n),
    "inaccuracy": lambda locale, n: tn(locale, "review_count_inaccuracy", n),
    "mistake": lambda locale, n: tn(locale, "review_count_mistake", n),
    "blunder": lambda locale, n: tn(locale, "review_count_blunder", n)}
#: each grade's word beside a key moment
GRADE_WORDS = {"excellent": N_("review_grade_excellent"), "good": N_("review_grade_good"),
               "inaccuracy": N_("review_grade_inaccuracy"), "mistake": N_("review_grade_mistake"),
               "blunder": N_("review_grade_blunder")}


def review_lines(review: Review, game: Game, name: str, locale: str) -> tuple[str, list[str]]:
    """The title and lines of a review: the accuracy, the grades counted, the key moments."""
    title = t(locale, "review_title", deal=review.deal_no + 1, name=name)
    graded = review.graded()
    accuracy = review.accuracy()
    if accuracy is None:
        return title, [t(locale, "review_none_weighed")]
    lines = [t(locale, "review_accuracy", accuracy=round(accuracy))]
    counts = {mark: sum(1 for _, g in graded if g == mark) for mark, _ in GRADES}
    lines.append(" · ".join(GRADE_COUNTS[mark](locale, n) for mark, n in counts.items() if n))
    moments = review.key_moments()
    if moments:
        lines.append(t(locale, "review_key_moments"))
        order = {d.index: n for n, d in enumerate(review.decisions, start=1)}
        lines += [_moment(d, order[d.index], review, game, locale) for d in moments]
    else:
        lines.append(t(locale, "review_no_key_moment"))
    lines.append(t(locale, "review_how", samples=review.samples))
    return title, lines


def _moment(decision: Decision, number: int, review: Review, game: Game, locale: str) -> str:
    mark = grade(decision.loss or 0.0, review.stakes)
    line = t(locale, "review_moment", n=number, played=_label(game, decision.played, locale),
             best=_label(game, decision.best, locale), loss=decimal(decision.loss or 0.0, locale),
             grade=t(locale, GRADE_WORDS[mark]))
    reason = moment_reason(decision, game, locale)  # where the engine can say why
    return line if reason is None else f"{line}\n  ↳ {reason}"


def _label(game: Game, text: str, locale: str) -> str:
    try:
        return game.action_label(game.parse_action(text), locale)
    except (GameError, ValueError):
        return text
