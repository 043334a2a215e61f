"""The Discord bot: the only package that talks to Discord."""
