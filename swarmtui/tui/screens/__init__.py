"""The app's screens: the main menu, the game screen and the help overlay."""
