"""The application shell: window and main loop, settings, saves, match control, sound, fonts, languages."""
