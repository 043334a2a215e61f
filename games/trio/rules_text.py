"""Players' rules summary of Le Trio and L'École, in our own words (fr, en), a few short pages."""

from __future__ import annotations

from games.trio.contracts import CONTRACTS, contract_name

_FR = {
    "goal": (
        "**{title} — le but**\n"
        "Chacun doit remplir, dans l'ordre, une suite de {n} {word} imposés. Un {unit} se remplit en "
        "étalant d'un coup les combinaisons qu'il demande. Qui remplit le dernier gagne (voir la fin "
        "de partie). Les points de pénalité comptent les cartes restées en main : le moins de points mène.\n\n"
        "**Matériel.** {packs}. {wild}\n"
        "**Valeur des cartes en main** : passe-partout 20 ; As, Roi, Dame, Valet, 10 : 10 ; 9 à 3 : 5.\n\n"
        "**Les {word}**\n{table}"
    ),
    "combos": (
        "**Combinaisons**\n"
        "• **Brelan** : trois cartes de même rang (couleurs quelconques, doublons permis).\n"
        "• **Carré** : quatre cartes de même rang. Un brelan complété à quatre, par n'importe qui, est "
        "fermé et mis de côté : on n'y ajoute plus rien.\n"
        "• **Séquence** (tierce, quatrième, séquence à N) : cartes consécutives d'une même couleur. "
        "L'As est bas (A-2-3) ou haut (D-R-A), jamais les deux : R-A-2 n'est pas une séquence.\n"
        "• **Passe-partout** : {wildrule} Chaque passe-partout posé reste fixé à la carte qu'il "
        "remplace.\n"
        "• Les paires ne se posent jamais."
    ),
    "turn": (
        "**Donne et tour de jeu**\n"
        "Le premier donneur est celui qui reçoit le premier Valet, cartes données face visible. "
        "Chaque coup, le donneur distribue 13 cartes à chacun ; le reste forme le talon, dont la "
        "première carte commence la défausse. Le joueur à gauche du donneur commence, puis on tourne "
        "dans le sens des aiguilles d'une montre ; la donne passe à gauche.\n"
        "À son tour : **piocher** au talon ou **prendre** la carte du dessus de la défausse, poser s'il "
        "le peut, puis **défausser** une carte. On peut finir en posant ses dernières cartes sans défausser.\n"
        "Si le talon s'épuise, on mélange la défausse, sauf sa carte du dessus, pour en refaire un.\n\n"
        "**Ouvrir** : étaler exactement les combinaisons de son {unit}, toutes en même temps, et rien "
        "d'autre ce tour-là.\n"
        "**Après l'ouverture**, aux tours suivants : poser de nouvelles combinaisons (tierces, brelans, "
        "quatrièmes, carrés...) et compléter celles de n'importe quel joueur. On ne peut plus prendre "
        "la défausse, sauf si cette carte permet de finir (vider sa main) ce tour même."
    ),
    "end": (
        "**Fin du coup et de la partie**\n"
        "Le coup s'arrête quand un joueur n'a plus de cartes. Les autres ajoutent les points de leur "
        "main à leur total. Quiconque a ouvert pendant le coup passe au {unit} suivant ; les autres "
        "recommencent le même.\n"
        "Le coup où quelqu'un remplit le dernier {unit} est le dernier :\n"
        "• un seul l'a rempli : il gagne, quel que soit celui qui a fini ;\n"
        "• plusieurs l'ont rempli : celui d'entre eux qui a fini gagne ; si c'est un autre joueur qui a "
        "fini, le moins de points l'emporte (égalité parfaite : victoire partagée).\n"
        "**Coup bloqué** : quand le talon s'épuise pour la troisième fois dans un coup, le coup s'arrête "
        "sans que personne ait fini ; chacun compte sa main, ceux qui ont ouvert avancent.\n"
        "**Limite de partie** : après {limit} coups, la partie s'arrête ; le plus avancé dans les {word} "
        "gagne, le moins de points départageant (égalité parfaite : victoire partagée).\n\n"
        "**Sur Discord** : on forme une combinaison pas à pas (choisir le type, puis les cartes une "
        "à une ; un passe-partout s'ajoute avec la carte qu'il remplace). Seuls les choix qui peuvent "
        "aboutir sont proposés, et « Annuler » reprend tout."
    ),
}

_EN = {
    "goal": (
        "**{title} — the aim**\n"
        "Everyone must complete, in order, a series of {n} set {word}. A {unit} is completed by laying "
        "down at once the combinations it asks for. Whoever completes the last one wins (see the end "
        "of the game). Penalty points count the cards left in hand: fewest points leads.\n\n"
        "**Cards.** {packs}. {wild}\n"
        "**Cards left in hand**: wilds 20; Ace, King, Queen, Jack, 10: 10; 9 down to 3: 5.\n\n"
        "**The {word}**\n{table}"
    ),
    "combos": (
        "**Combinations**\n"
        "• **Brelan**: three cards of one rank (any suits, duplicates allowed).\n"
        "• **Carré**: four cards of one rank. A brelan brought to four, by anyone, is closed and set "
        "aside: nothing more goes on it.\n"
        "• **Sequence** (tierce, quatrième, N-card sequence): consecutive cards of one suit. The Ace is "
        "low (A-2-3) or high (Q-K-A), never both: K-A-2 is not a sequence.\n"
        "• **Wilds**: {wildrule} Each wild laid stays fixed to the card it stands for.\n"
        "• Pairs are never laid."
    ),
    "turn": (
        "**Deal and turn**\n"
        "The first dealer is whoever gets the first Jack, cards dealt face up. Each round the dealer "
        "gives 13 cards to everyone; the rest is the stock, whose top card starts the discard pile. "
        "The player left of the dealer starts, then play goes clockwise; the deal passes left.\n"
        "On your turn: **draw** from the stock or **take** the top discard, lay down if you can, then "
        "**discard** one card. You may go out by laying your last cards without discarding.\n"
        "When the stock runs out, the discards but the top one are shuffled into a new stock.\n\n"
        "**Opening**: lay exactly your {unit}'s combinations, all at once, and nothing else that turn.\n"
        "**After opening**, on later turns: lay new combinations (tierces, brelans, quatrièmes, "
        "carrés...) and add to anyone's combinations. You may no longer take the discard, unless that "
        "card lets you go out (empty your hand) this very turn."
    ),
    "end": (
        "**End of a round and of the game**\n"
        "A round ends when a player has no cards left. The others add their hand's points to their "
        "total. Everyone who opened during the round moves on to the next {unit}; the others try the "
        "same one again.\n"
        "The round in which someone completes the last {unit} is the last:\n"
        "• only one completed it: he wins, whoever went out;\n"
        "• several did: the one of them who went out wins; if another player went out, fewest points "
        "wins (exact tie: a shared win).\n"
        "**Blocked round**: when the stock runs out for the third time in a round, the round stops with "
        "nobody out; everyone counts his hand, and those who opened move on.\n"
        "**Match limit**: after {limit} rounds the game stops; the furthest in the {word} wins, fewest "
        "points breaking ties (exact tie: a shared win).\n\n"
        "**On Discord**: build a combination step by step (pick its type, then its cards one by one; "
        "a wild is added with the card it stands for). Only choices that can be finished are offered, "
        "and \"Cancel\" takes everything back."
    ),
}


def rules_pages(variant: str, locale: str = "fr") -> list[str]:
    """The summary pages (markdown, each under 2,000 characters); the limits are the default
    options' (RULES.md 3.5 #13-14)."""
    fr = locale.startswith("fr")
    texts = _FR if fr else _EN
    ecole = variant == "ecole"
    n = len(CONTRACTS[variant])
    if fr:
        title = "L'École" if ecole else "Le Trio"
        word, unit = ("années", "année") if ecole else ("contrats", "contrat")
        packs = ("2 paquets de 52 cartes à 3 joueurs, 3 à 4-5 joueurs, 4 à 6-7, avec 2 Fous (jokers) "
                 "par paquet" if ecole else "2 paquets de 52 cartes à 3-4 joueurs, 3 à 5-6 joueurs, sans joker")
        wild = "Les 2 et les Fous sont passe-partout." if ecole else "Les 2 sont passe-partout."
        wildrule = ("un seul par brelan ou carré ; dans une séquence, autant qu'on veut mais jamais deux "
                    "côte à côte." if ecole else "un seul par combinaison, pour toute sa vie (deux permis "
                    "dans la séquence à sept du 7e contrat).")
    else:
        title = "L'École" if ecole else "Le Trio"
        word, unit = ("years", "year") if ecole else ("contracts", "contract")
        packs = ("2 packs of 52 for 3 players, 3 for 4-5, 4 for 6-7, with 2 jokers (Fous) per pack"
                 if ecole else "2 packs of 52 for 3-4 players, 3 for 5-6, no jokers")
        wild = "2s and jokers are wild." if ecole else "2s are wild."
        wildrule = ("one per brelan or carré; in a sequence any number, but never two side by side."
                    if ecole else "one per combination for its whole life (two allowed in the 7-card "
                    "sequence of contract 7).")
    table = "\n".join(f"{i}. {contract_name(i, variant, locale)}" for i in range(1, n + 1))
    fmt = {"title": title, "n": n, "word": word, "unit": unit, "packs": packs, "wild": wild,
           "wildrule": wildrule, "table": table, "limit": 3 * n}
    return [texts[k].format(**fmt) for k in ("goal", "combos", "turn", "end")]
