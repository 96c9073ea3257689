"""Build the game's shipped fonts: subsets of Noto CJK SC from Debian's fonts-noto-cjk.

Writes into assets/fonts/:
  NotoSansCJKsc-Game.otf       UI text, regular weight
  NotoSansCJKsc-Game-Bold.otf  UI text, bold weight
  NotoSerifCJKsc-Tiles.otf     brush-like serif glyphs drawn on the tile faces
  LICENSE-OFL.txt              the SIL Open Font License the fonts are under

The UI glyph set is printable ASCII, UI punctuation, a built-in list of common
game/menu characters and every non-ASCII character found in the game's text
(game/**/*.py and assets/**/*.json|txt|md).  The output is deterministic: the
same sources and repository text give byte-identical files.

Usage: python tools/make_font.py [--out DIR]
"""
from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
FONT_DIR = ROOT / "assets" / "fonts"
NOTO_DIR = Path("/usr/share/fonts/opentype/noto")
SC_INDEX = 2  # Simplified Chinese face inside the Noto CJK .ttc collections

# (output file, source collection)
UI_FONTS = (
    ("NotoSansCJKsc-Game.otf", "NotoSansCJK-Regular.ttc"),
    ("NotoSansCJKsc-Game-Bold.otf", "NotoSansCJK-Bold.ttc"),
)
TILE_FONT = ("NotoSerifCJKsc-Tiles.otf", "NotoSerifCJK-Bold.ttc")
LICENSE_FILE = "LICENSE-OFL.txt"

TILE_CHARS = "一二三四五六七八九万东南西北中发白春夏秋冬梅兰竹菊"

PUNCTUATION = (
    "·—–…×÷±°‘’“”•←↑→↓√★☆○●◆◇■□▲△▼▽"
    "（）：，。、！？「」『』《》〈〉【】〔〕；～·　"
)

# Common characters of mahjong terms, menus, rules, statistics and help text.
BASE_CHARS = (
    # numerals, suits, honours
    "零一二三四五六七八九十百千万亿两半双单几个"
    "万筒条饼索东南西北中发白红绿风箭花季春夏秋冬梅兰竹菊"
    # actions and results
    "吃碰杠胡和听过庄闲自摸点炮放铳抢报托管流局荒番分暗补直明加"
    "七对清一色碰碰胡基本大众麻将长沙鬼牌赖子字二人三四缺门混幺九"
    "门前全求将眼刻顺搭嵌边单吊坎跟海底捞月天地杠上开花连板断幺平"
    # menu and settings
    "设置开始继续退出规则菜单简单中等困难玩家电脑人类新游戏返回帮助"
    "关于确定取消保存读档载入声音效果音乐音量动画速度全屏窗口语言"
    "文英秒等待思考提示调试显示隐藏撤销重做暂停恢复步进种子场景"
    "结果总积计排名得失第次局对手牌墙剩余轮家下风出打摸选择"
    "开关是否启用禁默认高低快慢标准自定义模式难度选项版本作者"
    "名称说明介绍教程练习记录历史统计胜负率平均最多少数据"
    "时间日期年月周小钟当前下一上一页首尾列表详情信息错误警告"
    "成功完败赢输平分数番数底注倍封顶结算查看复盘回放导入导出文件"
    "打开关闭另存为删除清空更改修改应用刷新载重置初始化"
    # table talk and status
    "我你他她们的了在这那有没不要会能可以还再也都就很更已经正请"
    "先后左右前面内外里间边旁本轮到该现等待中准备好已未无空满"
    "庄家闲家下家上家对家自己别人电脑玩家座位方位东风南风西风北风"
    "和牌胡牌听牌出牌摸牌打牌吃牌碰牌杠牌弃牌河手牌副露立直宝"
    "起手配张枚组副套搭种类型式样规矩例外特殊限制必须允许只"
    "每各所任何其他同相异别倍加减乘除算付收支给得扣奖罚"
    "分钟小时秒钟次数回合盘场圈把底"
    # common verbs, nouns and function words
    "人大小多少长短高低新旧真假对错好坏快慢早晚开合进退来去"
    "说看听想知道用做作为从向被把让给跟与及或且但而因所以如果"
    "虽然然后之前之后其中以上以下以内以外左右上下里外"
    "是否有无能会要想得该应须必定可将已曾正在着过了吗呢吧啊哦嗯"
    "一些这那哪什么怎样谁几多少每些个位张只件种类次回"
    "心情意思想法理由原因目标条件情况结局比赛冠军亚军季军奖励"
    "欢迎祝贺恭喜谢谢感抱歉注意小心危险安全提醒通知消息"
    "键鼠标点击双右左拖放按住滚轮空格回车退格方向上下左右"
    "图形界面颜色主题背景桌布布局大小尺寸比例缩放分辨率帧"
    "网络本地单机联机服务客户端连接断开房间邀请加入离开观战"
    "测试调整修复问题建议反馈支持"
)


def repo_text_chars(root: Path = ROOT) -> set[str]:
    """Every non-ASCII, printable character in the game's source and asset text."""
    files = sorted(root.glob("game/**/*.py"))
    for ext in ("json", "txt", "md"):
        files += sorted(p for p in (root / "assets").glob(f"**/*.{ext}")
                        if "fonts" not in p.relative_to(root / "assets").parts)
    chars: set[str] = set()
    for path in files:
        text = path.read_text(encoding="utf-8", errors="ignore")
        chars.update(ch for ch in text if ord(ch) > 0x7E and ch.isprintable())
    return chars


def ui_chars(root: Path = ROOT) -> set[str]:
    """The UI fonts' character set: ASCII, punctuation, base list and repo text."""
    ascii_chars = {chr(c) for c in range(0x20, 0x7F)}
    return ascii_chars | set(PUNCTUATION) | set(BASE_CHARS) | repo_text_chars(root)


def subset_font(source: Path, chars: set[str]) -> bytes:
    """Subset face SC_INDEX of a collection to chars; returns the .otf bytes."""
    font = TTFont(source, fontNumber=SC_INDEX, recalcTimestamp=False, lazy=False)
    options = subset.Options()
    options.hinting = False
    options.desubroutinize = True
    options.drop_tables += ["BASE", "VORG", "vhea", "vmtx"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 7, 11, 13, 14]
    options.name_languages = [0x409]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(c) for c in chars))
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def license_text() -> str:
    """The SIL OFL 1.1 text with the Noto CJK copyright lines."""
    copyright_file = Path("/usr/share/doc/fonts-noto-cjk/copyright").read_text(encoding="utf-8")
    block = copyright_file.split("License: SIL-1.1\n", 2)[2].split("\nLicense:", 1)[0]
    body = "\n".join("" if line.strip() == "." else line[1:] for line in block.splitlines())
    header = (
        "Fonts in this directory are subsets of Noto Sans CJK SC and Noto Serif CJK SC,\n"
        "made by tools/make_font.py.\n\n"
        "Noto Sans CJK: Copyright 2014-2021 Adobe (http://www.adobe.com/), with Reserved\n"
        "Font Name 'Source'.\n"
        "Noto Serif CJK: Copyright 2017-2022 Adobe (http://www.adobe.com/), with Reserved\n"
        "Font Name 'Source'.\n"
        "Noto is a trademark of Google Inc.\n\n"
        "This Font Software is licensed under the SIL Open Font License, Version 1.1.\n"
        "This license is copied below, and is also available with a FAQ at:\n"
        "https://openfontlicense.org\n\n"
    )
    return header + body.strip("\n") + "\n"


def build(out_dir: Path = FONT_DIR, root: Path = ROOT) -> list[Path]:
    """Write all fonts and the licence into out_dir; returns the written paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    chars = ui_chars(root)
    jobs = [(name, src, chars) for name, src in UI_FONTS]
    jobs.append((TILE_FONT[0], TILE_FONT[1], set(TILE_CHARS)))
    written = []
    for name, src, job_chars in jobs:
        path = out_dir / name
        path.write_bytes(subset_font(NOTO_DIR / src, job_chars))
        written.append(path)
    lic = out_dir / LICENSE_FILE
    lic.write_text(license_text(), encoding="utf-8")
    written.append(lic)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=FONT_DIR, help="output directory")
    args = parser.parse_args(argv)
    missing = [src for _, src in (*UI_FONTS, TILE_FONT) if not (NOTO_DIR / src).exists()]
    if missing:
        print(f"missing source fonts in {NOTO_DIR}: {missing}; apt-get install fonts-noto-cjk",
              file=sys.stderr)
        return 1
    for path in build(args.out):
        if path.suffix == ".otf":
            font = TTFont(path)
            print(f"{path.name}: {path.stat().st_size:,} bytes, "
                  f"{len(font.getGlyphOrder())} glyphs, {len(font.getBestCmap())} characters")
        else:
            print(f"{path.name}: {path.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
