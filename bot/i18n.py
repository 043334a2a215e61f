"""Player-facing bot text in French and English, and the slash-command :class:`Translator`."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

# key: (English, French)
TEXT: dict[str, tuple[str, str]] = {
    "stale": ("That hand is out of date, use My hand / /hand.",
              "Cette main n'est plus à jour, utilisez « Ma main » ou /hand."),
    "no_table": ("This table no longer exists.", "Cette table n'existe plus."),
    "no_table_here": ("There is no table in play here.", "Aucune table en cours ici."),
    "not_seated": ("You are not seated at this table.", "Vous n'êtes pas assis à cette table."),
    "not_host": ("Only the host ({host}) can do that.", "Seul l'hôte ({host}) peut faire cela."),
    "not_admin": ("Only server admins can do that.", "Seuls les administrateurs du serveur peuvent faire cela."),
    "apology": ("Sorry, something went wrong on our side. The table is safe; please try again.",
                "Désolé, un problème est survenu de notre côté. La table est intacte ; réessayez."),
    "busy_place": ("A table is already open here ({table}); finish it or open one in a thread.",
                   "Une table est déjà ouverte ici ({table}) ; terminez-la ou ouvrez-en une dans un fil."),
    "already_seated": ("You are already seated.", "Vous êtes déjà assis."),
    "table_full": ("The table is full.", "La table est complète."),
    "not_lobby": ("The match has already started.", "La partie a déjà commencé."),
    "not_playing": ("The match is not in play.", "La partie n'est pas en cours."),
    "too_few": ("{game} needs at least {n} players.", "Il faut au moins {n} joueurs pour {game}."),
    "host_leaves": ("The host cannot leave; cancel the table instead.",
                    "L'hôte ne peut pas partir ; annulez plutôt la table."),
    "unknown_verb": ("Unknown button.", "Bouton inconnu."),
    "bad_choice": ("That choice is not available.", "Ce choix n'est pas disponible."),
    "lobby_title": ("{game}: table {table}", "{game} : table {table}"),
    "lobby_desc": ("Host: {host}. Seats: {n}/{max} (from {min}).\nJoin, add computer players, then Start.",
                   "Hôte : {host}. Places : {n}/{max} (dès {min}).\nRejoignez, ajoutez des ordinateurs, puis Commencer."),
    "seats": ("Seats", "Places"),
    "options": ("Options", "Options"),
    "join": ("Join", "Rejoindre"),
    "leave": ("Leave", "Partir"),
    "add_bot": ("Add computer player", "Ajouter un ordinateur"),
    "start": ("Start", "Commencer"),
    "cancel": ("Cancel", "Annuler"),
    "my_hand": ("My hand", "Ma main"),
    "vote_abort": ("Vote to abort", "Voter l'abandon"),
    "computer": ("Computer {n}", "Ordinateur {n}"),
    "cancelled": ("Table {table} was cancelled.", "La table {table} a été annulée."),
    "aborted": ("Table {table} was abandoned by vote.", "La table {table} a été abandonnée par vote."),
    "vote_counted": ("Your vote to abort is counted ({n}/{need}).",
                     "Votre vote d'abandon est compté ({n}/{need})."),
    "to_act": ("{name} to play", "À {name} de jouer"),
    "your_turn": ("{mention}, your turn ({game}): click My hand to play.",
                  "{mention}, à vous de jouer ({game}) : cliquez sur « Ma main » pour jouer."),
    "your_turn_live": ("{mention}, your turn ({game}): your hand is up to date.",
                       "{mention}, à vous de jouer ({game}) : votre main est à jour."),
    "log_title": ("Last moves", "Derniers coups"),
    "log_says": ("{name}: {what}", "{name} : {what}"),
    "log_play": ("{name} plays {card}", "{name} joue {card}"),
    "log_trick": ("{name} wins the trick", "{name} remporte le pli"),
    "log_call": ("{name} calls {card}", "{name} appelle {card}"),
    "log_partner": ("{name} is the called partner", "{name} est le partenaire appelé"),
    "log_chelem": ("{name} announces a slam", "{name} annonce le chelem"),
    "log_exchange": ("{name} exchanges {n} card(s)", "{name} échange {n} carte(s)"),
    "log_take": ("{name} takes {card} from the discard", "{name} prend {card} à la défausse"),
    "log_draw": ("{name} draws from the stock", "{name} pioche au talon"),
    "log_discard": ("{name} discards {card}", "{name} défausse {card}"),
    "log_meld": ("{name} lays down combinations", "{name} pose des combinaisons"),
    "log_layoff": ("{name} adds {card} to a combination", "{name} ajoute {card} à une combinaison"),
    "log_out": ("{name} goes out", "{name} sort"),
    "log_look": ("{name} looks at the talon", "{name} regarde le talon"),
    "log_no_look": ("{name} does not look at the talon", "{name} ne regarde pas le talon"),
    "log_reshuffle": ("The discard pile is reshuffled into the stock", "La défausse est remélangée en talon"),
    "log_deal_end": ("Deal {n} is over", "Fin de la donne {n}"),
    "hand_replaced": ("This hand was replaced by a newer one.", "Cette main a été remplacée par une plus récente."),
    "hand_updated": ("The table moved on: here is your hand as it is now.",
                     "La partie a avancé : voici votre main à jour."),
    "away": ("away, a computer plays", "absent, un ordinateur joue"),
    "score": ("Scores", "Scores"),
    "phase": ("Phase", "Phase"),
    "deal": ("Deal {n}/{of}", "Donne {n}/{of}"),
    "last_trick": ("Last trick", "Dernier pli"),
    "trick": ("Trick", "Pli en cours"),
    "contract": ("Contract", "Contrat"),
    "over": ("Match over", "Partie terminée"),
    "recap": ("Deal {n} is over.", "La donne {n} est terminée."),
    "results": ("{game}: final results (table {table})", "{game} : résultats (table {table})"),
    "rating_line": ("{place}. {name}: {score} points, rating {before} → {after}",
                    "{place}. {name} : {score} points, classement {before} → {after}"),
    "result_line": ("{place}. {name}: {score} points", "{place}. {name} : {score} points"),
    "your_hand": ("Your hand", "Votre main"),
    "hand_title": ("{game}: your hand", "{game} : votre main"),
    "waiting": ("Waiting for {name}.", "En attente de {name}."),
    "choose": ("Your turn: choose.", "À vous : choisissez."),
    "choose_n": ("Your turn: choose {n}.", "À vous : choisissez-en {n}."),
    "choose_group": ("Your turn: pick a group first.", "À vous : choisissez d'abord un groupe."),
    "back": ("Back", "Retour"),
    "played": ("Done: {label}", "Fait : {label}"),
    "welcome_back": ("Welcome back: you have your seat again.", "Bon retour : vous reprenez votre place."),
    "table_opened": ("Table {table} opened in {where}.", "Table {table} ouverte dans {where}."),
    "thread_name": ("{game} table {table}", "Table {table} de {game}"),
    "kicked": ("{name} was removed from the table.", "{name} a été retiré de la table."),
    "reset_done": ("{n} table(s) cancelled in this channel.", "{n} table(s) annulée(s) dans ce salon."),
    "settings_now": ("Language: {lang}. Turn timer: {timer} s (0 = off).",
                     "Langue : {lang}. Minuteur de tour : {timer} s (0 = désactivé)."),
    "leaderboard": ("{game}: leaderboard", "{game} : classement"),
    "computers": ("Computer players", "Ordinateurs"),
    "lb_line": ("{rank}. {name}: rating {rating}, {matches} matches, {wins} wins, {points} points",
                "{rank}. {name} : cote {rating}, {matches} parties, {wins} victoires, {points} points"),
    "no_results": ("No finished match yet.", "Aucune partie terminée pour l'instant."),
    "stats_title": ("Stats of {name}", "Statistiques de {name}"),
    "rules_title": ("{game}: rules ({page}/{pages})", "{game} : règles ({page}/{pages})"),
    "prev": ("Previous", "Précédent"),
    "next": ("Next", "Suivant"),
    "unknown_option": ("Write options as name=value, separated by commas.",
                       "Écrivez les options sous la forme nom=valeur, séparées par des virgules."),
    # -- after the match: score sheet, history, replay, export, rematch (issue 16) --
    "sheet_title": ("Score sheet", "Feuille de marque"),
    "history_title": ("Last matches of {name}", "Dernières parties de {name}"),
    "history_title_game": ("Last {game} matches of {name}", "Dernières parties de {game} de {name}"),
    "history_page": ("Page {page}/{pages} · {n} match(es) · /replay table: to watch one again",
                     "Page {page}/{pages} · {n} partie(s) · /replay table: pour en revoir une"),
    "history_none": ("No finished match for {name} on this server yet.",
                     "Aucune partie terminée pour {name} sur ce serveur."),
    "history_line": ("`{table}` · {date} · **{game}** · place {place}/{n} · {score} pts · rating {before} → {after} "
                     "({change})",
                     "`{table}` · {date} · **{game}** · place {place}/{n} · {score} pts · cote {before} → {after} "
                     "({change})"),
    "history_with": ("with {names}", "avec {names}"),
    "replay_title": ("{game}: replay of table {table}", "{game} : table {table} rejouée"),
    "replay_start": ("Deal {deal}: the play begins", "Donne {deal} : le jeu commence"),
    "replay_deal_start": ("Deal {deal}: the cards are dealt", "Donne {deal} : les cartes sont données"),
    "replay_trick": ("Deal {deal}, trick {n}", "Donne {deal}, pli {n}"),
    "replay_turn": ("Deal {deal}, turn {n}", "Donne {deal}, tour {n}"),
    "replay_deal": ("Deal {deal}", "Donne {deal}"),
    "replay_end": ("The final table", "La table finale"),
    "replay_step": ("Step {n}/{of} · every hand is shown (the match is over)",
                    "Étape {n}/{of} · toutes les mains sont montrées (la partie est finie)"),
    "replay_pick": ("Go to a deal…", "Aller à une donne…"),
    "replay_result": ("Deal {deal} result", "Résultat de la donne {deal}"),
    "in_play": ("Table {table} is still in play: its replay and record open once the match is over.",
                "La table {table} est encore en jeu : on pourra la revoir et l'exporter une fois la partie finie."),
    "not_finished": ("Table {table} did not finish: there is nothing to replay or export.",
                     "La table {table} n'est pas allée au bout : rien à revoir ni à exporter."),
    "unknown_table": ("There is no table {table} on this server.", "Il n'y a pas de table {table} sur ce serveur."),
    "rematch": ("Rematch", "Revanche"),
    "replay": ("Replay", "Revoir la partie"),
    "export": ("Export", "Exporter"),
    "export_done": ("Table {table}: the record as JSON (game, options, seed and every action: it replays "
                    "exactly) and as text.",
                    "Table {table} : l'enregistrement en JSON (jeu, options, graine et chaque action : il se "
                    "rejoue à l'identique) et en texte."),
    "rematch_opened": ("Rematch: table {table} is open with the same players and options; {host} starts it.",
                       "Revanche : la table {table} est ouverte avec les mêmes joueurs et options ; "
                       "{host} la lance."),
    "rematch_not_player": ("Only the players of table {table} can ask for a rematch.",
                           "Seuls les joueurs de la table {table} peuvent demander une revanche."),
    "rec_title": ("{game}, table {table}, {date}", "{game}, table {table}, {date}"),
    "rec_players": ("Players: {names}", "Joueurs : {names}"),
    "rec_options": ("Options: {options}", "Options : {options}"),
    "rec_seed": ("Seed: {seed}", "Graine : {seed}"),
    "rec_deal": ("Deal {n}", "Donne {n}"),
    "rec_hands": ("Hands dealt:", "Mains données :"),
    "rec_hands_play": ("Hands when the play began:", "Mains au début du jeu :"),
    "rec_moves": ("Moves:", "Coups :"),
    "rec_trick": ("Trick {n}", "Pli {n}"),
    "rec_turn": ("Turn {n}", "Tour {n}"),
    "rec_result": ("Score:", "Marque :"),
    "rec_final": ("Final result", "Résultat final"),
    "rec_redeal": ("The deal is void: the cards are dealt again.", "Donne nulle : on redonne."),
}


def t(locale: str, key: str, **kw: Any) -> str:
    """The text ``key`` in ``locale`` (``fr`` or English), formatted with ``kw``."""
    en, fr = TEXT[key]
    text = fr if locale.startswith("fr") else en
    return text.format(**kw) if kw else text


def pick(mapping: Any, locale: str, default: str = "") -> str:
    """``mapping[locale]`` from a ``{"fr": ..., "en": ...}`` dict, falling back to English."""
    if not mapping:
        return default
    return str(mapping.get(locale[:2]) or mapping.get("en") or next(iter(mapping.values())))


# English command names/descriptions (as written in the cogs) -> French.
FRENCH: dict[str, str] = {
    "table": "table",
    "Open, manage and leave card tables.": "Ouvrir, gérer et quitter des tables de jeu.",
    "new": "nouvelle",
    "Open a table for a game here or in a new thread.": "Ouvrir une table ici ou dans un nouveau fil.",
    "game": "jeu",
    "The game to play.": "Le jeu.",
    "seats": "places",
    "Number of seats (default: the game's maximum).": "Nombre de places (par défaut : le maximum du jeu).",
    "options": "options",
    "Game options as name=value, comma separated.": "Options du jeu, nom=valeur séparées par des virgules.",
    "thread": "fil",
    "Open the table in a new thread.": "Ouvrir la table dans un nouveau fil.",
    "kick": "exclure",
    "Host: remove a player from your table.": "Hôte : retirer un joueur de votre table.",
    "member": "membre",
    "The member.": "Le membre.",
    "cancel": "annuler",
    "Host: cancel the table in this channel.": "Hôte : annuler la table de ce salon.",
    "abort": "abandon",
    "Vote to abandon the match in this channel.": "Voter l'abandon de la partie de ce salon.",
    "reset": "reinitialiser",
    "Admins: cancel every table stuck in this channel.": "Admins : annuler toutes les tables bloquées de ce salon.",
    "hand": "main",
    "Show your hand privately.": "Voir votre main en privé.",
    "play": "jouer",
    "Play an action (autocomplete shows your legal actions).": "Jouer une action (l'autocomplétion montre vos coups permis).",
    "action": "action",
    "The action to play.": "L'action à jouer.",
    "leaderboard": "classement",
    "Show the server leaderboard of a game.": "Voir le classement du serveur pour un jeu.",
    "stats": "stats",
    "Show a member's results on this server.": "Voir les résultats d'un membre sur ce serveur.",
    "rules": "regles",
    "Read a game's rules summary.": "Lire le résumé des règles d'un jeu.",
    "settings": "parametres",
    "Admins: server language and turn timer.": "Admins : langue du serveur et minuteur de tour.",
    "language": "langue",
    "Bot language on this server.": "Langue du bot sur ce serveur.",
    "timer": "minuteur",
    "Seconds before a computer plays for an absent player (0 = off).":
        "Secondes avant qu'un ordinateur joue pour un absent (0 = désactivé).",
    # -- after the match (issue 16) --
    "history": "historique",
    "Show a member's last matches on this server.": "Voir les dernières parties d'un membre sur ce serveur.",
    "Only this game.": "Seulement ce jeu.",
    "replay": "revoir",
    "Step through a finished match, deal by deal and trick by trick.":
        "Revoir une partie finie, donne par donne et pli par pli.",
    "The table's code (in its title and in /history).": "Le code de la table (dans son titre et dans /historique).",
    "export": "exporter",
    "Download a finished match's record (JSON and text).": "Télécharger l'enregistrement d'une partie finie (JSON et texte).",
}


class Translator(app_commands.Translator):
    """French names and descriptions for every command; other locales keep the English text."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        if locale is discord.Locale.french:
            return FRENCH.get(string.message)
        return None
