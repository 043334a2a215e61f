"""Rules summary pages for players (markdown, French and English; RULES.md section 4 in our words)."""

from __future__ import annotations

PAGES: dict[str, tuple[str, ...]] = {
    "fr": (
        """# Piquet (piquet à la rubicon)
**Deux joueurs, 32 cartes** : As, Roi, Dame, Valet, 10, 9, 8, 7 dans chaque couleur, dans cet ordre.
Pas d'atout.

**La partie** se joue en **six donnes**. On coupe d'abord : la plus haute carte choisit, et donne
en premier. Ensuite on donne chacun son tour : celui qui donne est le **cadet**, l'autre est le
**premier** (il a la main).

**La donne** : 12 cartes chacun, par paquets de 2 ou de 3 (choisi pour toute la partie), en
commençant par le premier. Les 8 cartes restantes forment le **talon** : les 5 du dessus sont pour
le premier, les 3 du dessous pour le cadet.

**Carte blanche** : une main reçue sans Roi, Dame ni Valet vaut **10** tout de suite. Elle compte
avant tout le reste et se montre après l'écart de l'adversaire.

**L'écart** : le premier écarte de 1 à 5 cartes et prend autant de cartes sur le dessus du talon.
S'il en laisse, il peut les regarder. Le cadet écarte ensuite au moins une carte et peut prendre
tout ce qui reste (ses 3 cartes plus celles laissées par le premier, celles-ci d'abord). Chacun
peut revoir son propre écart, jamais celui de l'autre.

**Dans Tapis** : choisissez d'abord combien de cartes vous échangez, puis désignez les cartes à
écarter. Si le cadet laisse des cartes au talon, il dit après la première carte jouée s'il les
regarde ; dans ce cas le premier les voit aussi.""",
        """## Les annonces
On compare trois classes, dans cet ordre ; le premier annonce, le cadet répond « bon », « pas bon »
ou « égal ». Seul le meilleur marque dans chaque classe.

**Le point** : la couleur la plus longue. À longueur égale, la plus forte valeur l'emporte (As 11,
figures et 10 valent 10, les autres leur chiffre) ; encore égal, personne ne marque. Le point vaut
**1 par carte**.

**Les suites** (au moins 3 cartes qui se suivent dans une couleur) : tierce **3**, quatrième **4**,
quinte **15**, sixième **16**, septième **17**, huitième **18**. La plus longue gagne, puis la plus
haute. Celui qui a la meilleure suite marque **toutes** ses suites ; si les meilleures sont égales,
personne ne marque de suite.

**Brelans et quatorzes** (seulement As, Rois, Dames, Valets, 10) : quatre cartes pareilles font un
**quatorze (14)**, trois un **brelan (3)**. Un quatorze bat n'importe quel brelan ; sinon le plus
haut gagne. Le gagnant marque tous ses brelans et quatorzes. Trois 9 ne valent rien.

Par défaut tout est annoncé et comparé automatiquement, et les combinaisons gagnantes sont
montrées. Avec l'option « annonces », chacun peut **taire** une classe.""",
        """## Repic, pic et jeu de la carte
**Repic (+60)** : le joueur qui atteint **30 avec ses seules annonces** (carte blanche comprise),
comptées dans l'ordre carte blanche, point, suites, brelans, avant que l'adversaire ait marqué quoi
que ce soit. Les deux joueurs peuvent faire repic. Un « égal » ne marque rien et n'empêche rien.

**Pic (+30)** : le premier qui atteint **30 avec ses annonces et le jeu**, avant que le cadet ait
marqué quoi que ce soit. Le cadet ne peut pas faire pic. On n'a jamais à la fois repic et pic.

**Le jeu** : le premier entame. Il faut fournir à la couleur demandée si on peut, sinon on joue ce
qu'on veut ; on n'est pas obligé de prendre. La plus haute carte de la couleur demandée gagne et le
gagnant rejoue.

**Points du jeu** : **1** pour chaque carte entamée, **1** pour chaque levée gagnée sur l'entame de
l'adversaire, et **1 de plus** pour la dernière levée.

**Les cartes** : plus de 6 levées valent **10** ; 6 partout, rien ; **toutes les 12 (capot)
valent 40** à la place des 10. Le capot ne compte pas pour le pic.""",
        """## Fin de partie et options
Après six donnes, le plus haut total gagne. Si le perdant a **au moins 100**, le gagnant marque
**100 + la différence**. Si le perdant a **moins de 100** (il est « rubicon »), le gagnant marque
**100 + les deux totaux**, même s'il n'a pas lui-même atteint 100. En cas d'égalité, chacun donne
encore une fois ; si l'égalité demeure, la partie est nulle.

**Options de table** (toutes désactivées par défaut) :
- distribution par 2 ou par 3 ;
- annonces par les joueurs, qui peuvent taire une classe ;
- pic à 90 (variante de l'aide-mémoire) ;
- compte ancien : les 7, 8, 9 ne marquent pas au jeu (le cadet peut alors faire pic) ;
- brelans et quatorzes classés par la hauteur seulement ;
- second dix de blanc si la main reste sans figure après l'écart ;
- le cadet peut ne rien échanger.

**Commandes** : `exchange:N`, `discard:carte`, `talon:look` ou `talon:leave`, `declare:point` ou
`sink:point` (aussi `sequence`, `sets`), `play:carte` ; les boutons s'en chargent pour vous.""",
    ),
    "en": (
        """# Piquet (Rubicon Piquet)
**Two players, 32 cards**: Ace, King, Queen, Jack, 10, 9, 8, 7 in each suit, in that order. No
trumps.

**A partie** is **six deals**. First both cut: the higher card chooses, and deals first. Then the
deal alternates: the dealer is **younger hand**, the other player is **elder hand** (he leads).

**The deal**: 12 cards each, in packets of 2 or of 3 (chosen for the whole partie), elder first.
The other 8 cards are the **talon**: the top 5 belong to elder, the bottom 3 to younger.

**Carte blanche**: a hand dealt without King, Queen or Jack scores **10** at once. It counts before
anything else and is shown once the opponent has discarded.

**The exchange**: elder discards 1 to 5 cards and takes as many from the top of the talon. If he
leaves some, he may look at them. Then younger discards at least one card and may take everything
that remains (his 3 plus any elder left, elder's first). Each may look at his own discard, never
at the other's.

**In Tapis**: first choose how many cards you exchange, then pick the cards to discard. If younger
leaves cards in the talon, he says after the first card is led whether he looks at them; if he
does, elder sees them too.""",
        """## Declarations
Three classes are compared, in this order; elder calls, younger answers "good", "not good" or
"equal". Only the better hand scores in each class.

**Point**: the longest suit. Equal length: the higher pip total wins (Ace 11, court cards and 10
count 10, others their number); still equal, nobody scores. The point scores **1 per card**.

**Sequences** (3 or more touching cards of one suit): tierce **3**, quart **4**, quint **15**,
sixième **16**, septième **17**, huitième **18**. The longest wins, then the highest. The holder of
the best sequence scores **all** his sequences; if the best ones are equal, nobody scores any.

**Sets** (Aces, Kings, Queens, Jacks, 10s only): four of a kind is a **quatorze (14)**, three a
**trio (3)**. Any quatorze beats any trio; otherwise the higher one wins. The winner scores all his
sets. Three 9s are worth nothing.

By default everything is declared and compared automatically, and the winning combinations are
shown. With the "declarations" option each player may **sink** (keep quiet about) a class.""",
        """## Repique, pique and the play
**Repique (+60)**: a player who reaches **30 from declarations alone** (carte blanche included),
counted in the order carte blanche, point, sequences, sets, before the opponent has scored
anything. Either player can repique. An "equal" scores nothing and prevents nothing.

**Pique (+30)**: elder reaching **30 from declarations and play** before younger has scored
anything. Younger can never pique. Nobody gets both repique and pique.

**The play**: elder leads. Follow suit if you can, otherwise play anything; you need not win. The
highest card of the suit led wins, and the winner leads next.

**Play points**: **1** for each card you lead, **1** for each trick you win on your opponent's lead,
and **1 more** for the last trick.

**The cards**: more than 6 tricks score **10**; 6 each, nothing; **all 12 (capot) score 40**
instead of 10. Capot does not count toward pique.""",
        """## End of the partie and options
After six deals the higher total wins. If the loser has **at least 100**, the winner scores
**100 + the difference**. If the loser is **under 100** ("rubiconed"), the winner scores
**100 + both totals**, even if he did not reach 100 himself. On a tie each player deals once more;
if it is still a tie, the partie is drawn.

**Table options** (all off by default):
- deal by 2 or by 3;
- players declare themselves and may sink a class;
- pique worth 90 (the French summary's variant);
- old French count: 7, 8, 9 score nothing in play (younger may then pique);
- sets ranked by height only;
- a second carte blanche if the hand is still without court cards after the exchange;
- younger may exchange nothing.

**Commands**: `exchange:N`, `discard:card`, `talon:look` or `talon:leave`, `declare:point` or
`sink:point` (also `sequence`, `sets`), `play:card`; the buttons do this for you.""",
    ),
}
