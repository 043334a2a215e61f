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
    "unknown_verb": ("This button is unknown or out of date.", "Ce bouton est inconnu ou périmé."),
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
    "your_turn": ("{mention}, your turn ({game}, table {table}).",
                  "{mention}, à vous de jouer ({game}, table {table})."),
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
    "hand_title": ("{game}: your hand (table {table})", "{game} : votre main (table {table})"),
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
    "table_over": ("Table {table} is over.", "La table {table} est terminée."),
    "idle_lobby": ("Table {table} was cancelled: nobody used its lobby for {hours} hours. The channel is free.",
                   "La table {table} a été annulée : personne n'a utilisé son salon d'attente depuis {hours} "
                   "heures. Le salon est libre."),
    "idle_match": ("Table {table} was abandoned: no move for {days} days. The channel is free.",
                   "La table {table} a été abandonnée : aucun coup depuis {days} jours. Le salon est libre."),
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
}


class Translator(app_commands.Translator):
    """French names and descriptions for every command; other locales keep the English text."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        if locale is discord.Locale.french:
            return FRENCH.get(string.message)
        return None
