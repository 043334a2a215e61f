"""Rules summary pages for players (``Game.rules_summary``), French and English, markdown."""

from __future__ import annotations

PAGES: dict[str, tuple[str, ...]] = {
    "fr": (
        """**Tresillo — le but**
Jeu espagnol à 40 cartes (oros, copas, espadas, bastos). À chaque donne, trois joueurs reçoivent 9 cartes \
par paquets de 3 ; 13 cartes forment le talon. Celui qui remporte les enchères, le **Joueur**, joue seul \
contre les deux autres : il doit faire **plus de plis que chacun d'eux** (5 plis, ou 4-3-2).
À 4, le donneur est l'**alcalde** : il ne reçoit pas de cartes et peut miser en secret, juste après la \
donne, sur le résultat (J : le Joueur gagne, P : Puesta, C : Codillo). Tout tourne dans le sens contraire \
des aiguilles d'une montre ; la **Main** (à droite du donneur) parle et entame la première.""",
        """**L'ordre des cartes**
Trois atouts permanents, les **matadors** : l'**Espada** (As d'espadas) > la **Mala** (7 de l'atout rouge, \
2 de l'atout noir) > le **Basto** (As de bastos).
• Atout oros/copas (12 atouts) : Espada, Mala (7), Basto, **Punto** (As d'atout), Roi, Cavalier, Sota, 2, 3, 4, 5, 6.
• Atout espadas/bastos (11) : Espada, Mala (2), Basto, Roi, Cavalier, Sota, 7, 6, 5, 4, 3.
• Couleur rouge non atout : Roi, Cavalier, Sota, As, 2 … 7. Couleur noire : Roi, Cavalier, Sota, 7 … 2.
**Jeu de la carte** : seule obligation, **fournir** (jamais couper ni monter). Sur une entame d'atout, un \
matador n'est forcé que si la carte **entamée** est un matador plus fort ; si tous vos atouts sont \
exemptés, jouez ce que vous voulez.""",
        """**Enchères et contrats** (du plus bas au plus haut)
1. **Jeu** : atout au choix (sauf la couleur de faveur), écart au talon — 5
2. **Jeu dans la couleur de faveur** — 5
3. **Retourne** : la première carte du talon est retournée, sa couleur est l'atout ; le Joueur la prend, \
écarte k cartes et en tire k − 1 — 10
4. **Solo** : pas d'écart pour le Joueur — 30 ; 5. **Solo dans la couleur de faveur** — 30
La Main parle d'abord : « Je passe » (définitif), « Je joue » (premier tour seulement), « Plus ! » (un \
niveau au-dessus). Si tous passent, la donne est annulée. Le gagnant annonce ensuite un contrat au moins \
égal à son enchère.
**Écart** : le Joueur d'abord, puis l'adversaire à sa droite décide qui écarte en premier (« Comment \
fait-on ? »). En Solo, ordre normal ; prendre 8 ou 9 cartes demande l'accord de l'autre. Écarter n'est \
jamais obligatoire ; les cartes restantes « dorment ».""",
        """**Fin de la donne et paiements** (V = valeur du contrat)
• **Gagné** : chaque adversaire paie V. **Puesta** (égalité, 4-4-1 ou 3-3-3) : V à chaque adversaire à \
égalité. **Codillo** (un adversaire fait plus) : 3V à celui qui a le plus de plis.
• **Bola** : après les 5 premiers plis, le Joueur peut s'arrêter ou continuer ; les 9 plis valent 70 de \
chacun, mais perdre un pli ensuite coûte 70 à chacun.
• **Renonce** (Jeu ou Retourne, avant de jouer au 4ᵉ pli) : Retourne → Puesta (5 + 5). Jeu → les \
adversaires acceptent (2 + 2) ou l'un **défend** et devient Joueur jusqu'au 9ᵉ pli.
• **Alcalde** : mise S (10) ; J juste → 5 de chaque adversaire ; P juste → 10 du Joueur ; C juste → 15. \
Faux → il paie S à celui qui gagne le plus (partagé en cas d'égalité). Nulle sur bola ou donne annulée.""",
    ),
    "en": (
        """**Tresillo — the aim**
A Spanish 40-card game (oros, copas, espadas, bastos). Each deal, three players get 9 cards in packets of \
3; 13 cards form the talon. The auction winner, the **Joueur**, plays alone against the other two: he must \
win **more tricks than each of them** (5 tricks, or 4-3-2).
At four, the dealer is the **alcalde**: he gets no cards and may secretly bet, right after the deal, on the \
result (J: the Joueur wins, P: Puesta, C: Codillo). Everything runs counter-clockwise; **mano** (the \
dealer's right) speaks and leads first.""",
        """**Card order**
Three permanent trumps, the **matadors**: the **Espada** (As of espadas) > the **Mala** (7 of a red trump, \
2 of a black one) > the **Basto** (As of bastos).
• Trump oros/copas (12 trumps): Espada, Mala (7), Basto, **Punto** (the trump As), Rey, Caballo, Sota, 2, 3, 4, 5, 6.
• Trump espadas/bastos (11): Espada, Mala (2), Basto, Rey, Caballo, Sota, 7, 6, 5, 4, 3.
• Plain red suit: Rey, Caballo, Sota, As, 2 … 7. Plain black suit: Rey, Caballo, Sota, 7 … 2.
**Play**: the only duty is to **follow suit** (never to trump or head the trick). On a trump lead a \
matador is forced only when the card **led** is a higher matador; if all your trumps are exempt, play \
anything.""",
        """**Bidding and contracts** (lowest to highest)
1. **Jeu**: any trump but the favour suit, exchange with the talon — 5
2. **Jeu in the favour suit** — 5
3. **Retourne**: the talon's top card is turned and sets trump; the Joueur takes it, discards k cards and \
draws k − 1 — 10
4. **Solo**: no exchange for the Joueur — 30; 5. **Solo in the favour suit** — 30
Mano speaks first: "Pass" (final), "Je joue" (first round only), "Plus!" (one level higher). If all pass, \
the deal is annulled. The winner then declares any contract at or above his bid.
**Exchange**: the Joueur first, then the opponent on his right decides who exchanges first ("comment \
fait-on ?"). In a Solo, turn order; taking 8 or 9 cards needs the other's consent. Nobody must exchange; \
cards left over "sleep".""",
        """**End of the deal and payments** (V = contract value)
• **Won**: each opponent pays V. **Puesta** (a tie, 4-4-1 or 3-3-3): V to each tying opponent. **Codillo** \
(an opponent does better): 3V to the one with most tricks.
• **Bola**: after winning the first 5 tricks the Joueur may stop or go on; all 9 tricks collect 70 from \
each, but losing a later trick pays 70 to each.
• **Renounce** (Jeu or Retourne, before playing to trick 4): Retourne → Puesta (5 + 5). Jeu → the \
opponents accept (2 + 2) or one **defends** and becomes the Joueur to trick 9.
• **Alcalde**: stake S (10); right J → 5 from each opponent; right P → 10 from the Joueur; right C → 15. \
Wrong → he pays S to whoever gains most (split on a tie). Void on a bola or an annulled deal.""",
    ),
}
