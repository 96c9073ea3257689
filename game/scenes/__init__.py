"""The game's pages. Each is reached by name through REGISTRY (``app.scenes.push(name,
**kwargs)``); a page never imports another page. A new page: one module, one line here."""

from game.shell.app import Scene

REGISTRY: dict[str, str | type[Scene]] = {
    "menu": "game.scenes.menu:MenuScene",
    "new_match": "game.scenes.new_match:NewMatchScene",
    "settings": "game.scenes.settings_scene:SettingsScene",
    "rules": "game.scenes.rules:RulesScene",
    "table": "game.scenes.table:TableScene",
    "results": "game.scenes.results:ResultsScene",
    "matches": "game.scenes.matches:MatchesScene",
    "stats": "game.scenes.stats:StatsScene",
    "replay": "game.scenes.replay:ReplayScene",
    "review": "game.scenes.review:ReviewScene",
    "lessons": "game.scenes.lessons:LessonsScene",
    "lesson": "game.scenes.lesson:LessonScene",
    "online": "game.scenes.online:OnlineScene",
    "lobby": "game.scenes.lobby:LobbyScene",
}
