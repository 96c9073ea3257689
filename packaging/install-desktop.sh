#!/bin/sh
# Put Mahjong Table in the desktop's application menu (Linux, this user only): run from the
# unpacked build folder, which must stay where it is. Undo: install-desktop.sh --remove
set -eu
here=$(cd "$(dirname "$0")" && pwd)
apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
icons="${XDG_DATA_HOME:-$HOME/.local/share}/icons/hicolor/256x256/apps"
if [ "${1:-}" = "--remove" ]; then
  rm -f "$apps/mahjong-table.desktop" "$icons/mahjong-table.png"
  echo "removed Mahjong Table from the application menu"
  exit 0
fi
mkdir -p "$apps" "$icons"
cp "$here/mahjong-table.png" "$icons/mahjong-table.png"
sed "s|^Exec=mahjong$|Exec=\"$here/mahjong\"|" "$here/mahjong-table.desktop" \
  > "$apps/mahjong-table.desktop"
chmod 644 "$apps/mahjong-table.desktop"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$apps" || true
echo "Mahjong Table is in the application menu ($apps/mahjong-table.desktop)"
