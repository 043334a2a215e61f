"""A short rules summary for players, in French and English (our own words; FFT rules)."""

from __future__ import annotations

_FR = [
    """**Tarot : le jeu** (3 à 5 joueurs)
78 cartes : 4 couleurs de 14 cartes (Roi, Dame, Cavalier, Valet, 10 … As), 21 atouts et l'Excuse.
Les atouts battent toutes les couleurs. Trois cartes sont des **bouts** : le 21, le Petit (1 d'atout) et l'Excuse.
Tout tourne vers la droite. À 3 joueurs chacun reçoit 24 cartes, à 4 : 18, à 5 : 15 ; le reste forme le **chien** (6 cartes, 3 à 5 joueurs).
Un joueur dont le seul atout est le Petit, sans l'Excuse (**Petit sec**), fait annuler la donne : le bot s'en charge et redonne.
Une partie dure par défaut une donne par joueur ; une donne annulée ne compte pas.""",
    """**Enchères**
Chacun parle une seule fois, en commençant à droite du donneur : passer, ou monter plus haut que l'enchère en cours.
Prise (Petite) ×1 < Garde ×2 < Garde sans le chien ×4 < Garde contre le chien ×6. Si tout le monde passe, on redonne.
**Prise, Garde** : le chien est montré à tous, le preneur le prend puis écarte autant de cartes, une à une. Jamais de Roi ni de bout à l'écart ; un atout seulement s'il n'y a pas d'autre choix, et il est montré. L'écart compte pour le preneur.
**Garde sans** : le chien reste caché mais compte pour le preneur. **Garde contre** : il compte pour la défense.
**À 5** : avant le chien, le preneur appelle un Roi (une Dame s'il a les 4 Rois…). Celui qui l'a est son partenaire secret, révélé quand la carte tombe. Appeler son propre Roi, c'est jouer seul contre 4.""",
    """**Annonces et jeu de la carte**
Après l'écart, le preneur peut annoncer le **chelem** (toutes les levées) : il entame alors le premier pli.
**Poignée** : juste avant votre première carte, vous pouvez montrer 10, 13 ou 15 atouts (à 3 : 13/15/18 ; à 5 : 8/10/13). Choisissez le niveau : le bot montre vos atouts les plus bas et garde le 21 et le Petit cachés s'il le peut. L'Excuse ne remplace un atout que si vous n'en avez pas d'autre.
On fournit à la couleur demandée ; sinon on coupe, en montant sur un atout déjà joué si on le peut ; sans atout on se défausse. Sur un atout entamé, il faut monter si possible.
L'**Excuse** se joue quand on veut, ne gagne jamais le pli et revient à son camp, qui donne une petite carte en échange. Jouée au dernier pli, elle va au camp qui remporte ce pli (sauf chelem : menée au dernier pli par un camp qui a tout pris, elle le remporte).
À 5, au premier pli, on n'entame pas la couleur appelée, sauf avec la carte appelée.""",
    """**Décompte**
Points des cartes : bout ou Roi 4,5 ; Dame 3,5 ; Cavalier 2,5 ; Valet 1,5 ; les autres 0,5 (91 au total).
Le preneur doit faire 56 points sans bout, 51 avec 1, 41 avec 2, 36 avec 3. L'écart est juste (d ≥ 0) : gagné.
Chaque défenseur paie (ou reçoit) : (25 + écart) × multiplicateur, ± 10 × multiplicateur pour le **Petit au bout** (Petit dans le dernier pli, au camp qui le gagne), + 20/30/40 par poignée au camp qui gagne le contrat, chelem : +400 annoncé et réussi, +200 non annoncé, −200 annoncé et chuté, +200 par défenseur si la défense fait tout.
À 4, le preneur reçoit 3 fois ce montant ; à 3, 2 fois ; à 5, 2 fois et son partenaire 1 fois (seul : 4 fois). La somme fait toujours zéro.""",
]

_EN = [
    """**French Tarot: the game** (3 to 5 players)
78 cards: 4 suits of 14 (King, Queen/Dame, Knight/Cavalier, Jack/Valet, 10 … Ace), 21 trumps and the Excuse.
Trumps beat every suit. Three cards are **bouts**: the 21, the Petit (1 of trumps) and the Excuse.
Play runs to the right. With 3 players each gets 24 cards, with 4: 18, with 5: 15; the rest is the **chien** (6 cards, 3 with 5 players).
A hand whose only trump is the Petit, without the Excuse (**petit sec**), voids the deal: the bot deals again.
A match is one deal per player by default; a void deal does not count.""",
    """**Bidding**
Everyone speaks once, starting right of the dealer: pass, or bid higher than the current bid.
Prise (Petite) ×1 < Garde ×2 < Garde sans (without the chien) ×4 < Garde contre (against the chien) ×6. If all pass, new deal.
**Prise, Garde**: the chien is shown, the taker takes it and discards as many cards, one by one (the **écart**). Never a King or a bout; a trump only when nothing else is possible, and it is shown. The écart counts for the taker.
**Garde sans**: the chien stays hidden but counts for the taker. **Garde contre**: it counts for the defence.
**With 5**: before the chien, the taker calls a King (a Dame if he holds all 4 Kings…). Its holder is his secret partner, revealed when the card is played. Calling your own King means playing alone against 4.""",
    """**Announcements and play**
After the écart the taker may announce a **chelem** (every trick): he then leads the first trick.
**Poignée**: just before your first card you may show 10, 13 or 15 trumps (3 players: 13/15/18; 5: 8/10/13). Pick the level: the bot shows your lowest trumps and keeps the 21 and the Petit hidden when it can. The Excuse stands in for a trump only when you hold no other.
Follow the suit led; if void, trump, beating a trump already played if you can; with no trump, discard anything. On a trump lead, play higher if you can.
The **Excuse** can be played any time, never wins the trick and goes back to its side, which gives a low card in exchange. Played on the last trick it goes to the side that wins that trick (except a chelem: led to the last trick by a side that won everything, it wins).
With 5, the called suit may not be led on the first trick except with the called card.""",
    """**Scoring**
Card points: bout or King 4.5; Queen 3.5; Knight 2.5; Jack 1.5; others 0.5 (91 in all).
The taker's side needs 56 points with no bout, 51 with 1, 41 with 2, 36 with 3. Reaching it exactly wins.
Each defender pays (or receives): (25 + margin) × multiplier, ± 10 × multiplier for the **Petit au bout** (Petit in the last trick, to the side winning it), + 20/30/40 per poignée to the side that wins the contract, chelem: +400 announced and made, +200 unannounced, −200 announced and failed, +200 per defender if the defence takes every trick.
With 4 the taker gets 3 times that amount; with 3, twice; with 5, twice and his partner once (alone: 4 times). Scores always sum to zero.""",
]


def summary(locale: str = "fr") -> list[str]:
    """Four pages of rules summary in ``locale`` (French, else English), each under 2,000 characters."""
    return list(_FR if locale.startswith("fr") else _EN)
