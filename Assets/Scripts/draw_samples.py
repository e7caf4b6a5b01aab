#!/usr/bin/env python3
"""Draws emokit's sample packs and default delete icon (original artwork, no third-party images).

Run from the repository root:  python3 Assets/Scripts/draw_samples.py
Needs Pillow (a development tool only; emokit itself never runs this). Output is deterministic.
Writes Assets/SamplePacks/{faces,emoji,com.emokit.animals}/ and emoticons.plist (tab order), and
Assets/delete{,@2x,@3x}.png.
"""
import math, os, plistlib
from PIL import Image, ImageDraw

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
PACKS = os.path.join(ROOT, "SamplePacks")
SS = 8  # supersampling factor

def canvas(px):
    n = px * SS
    return Image.new("RGBA", (n, n), (0, 0, 0, 0)), n

def finish(img, px):
    return img.resize((px, px), Image.LANCZOS)

def save_variants(draw_fn, folder, stem):
    os.makedirs(folder, exist_ok=True)
    for scale, suffix in ((1, ""), (2, "@2x"), (3, "@3x")):
        px = 32 * scale
        img, n = canvas(px)
        draw_fn(ImageDraw.Draw(img), n)
        finish(img, px).save(os.path.join(folder, f"{stem}{suffix}.png"), optimize=True)

# ---------------------------------------------------------------- faces
SKIN = {"yellow": ((255, 214, 64), (222, 150, 20)), "red": ((244, 96, 76), (176, 40, 30)),
        "blue": ((120, 180, 250), (50, 100, 190)), "green": ((150, 210, 110), (70, 140, 50)),
        "pink": ((255, 170, 200), (210, 90, 130)), "purple": ((190, 150, 240), (120, 80, 180))}

def face_base(d, n, skin):
    fill, edge = SKIN[skin]
    m = n * 0.06
    d.ellipse([m, m, n - m, n - m], fill=edge)
    w = n * 0.035
    d.ellipse([m + w, m + w, n - m - w, n - m - w], fill=fill)
    # a soft highlight
    d.ellipse([n * 0.25, n * 0.14, n * 0.5, n * 0.3], fill=tuple(min(255, c + 40) for c in fill) + (255,))

INK = (70, 45, 20, 255)

def eyes(d, n, kind):
    ly, lx, rx = n * 0.42, n * 0.34, n * 0.66
    r = n * 0.055
    lw = max(1, int(n * 0.045))
    for i, x in enumerate((lx, rx)):
        k = kind if kind != "wink" else ("dot" if i == 0 else "closed")
        if k == "dot":
            d.ellipse([x - r, ly - r * 1.3, x + r, ly + r * 1.3], fill=INK)
        elif k == "closed":
            d.arc([x - r * 1.6, ly - r * 1.2, x + r * 1.6, ly + r * 1.6], 200, 340, fill=INK, width=lw)
        elif k == "happy":
            d.arc([x - r * 1.6, ly - r * 0.4, x + r * 1.6, ly + r * 2.4], 200, 340, fill=INK, width=lw)
        elif k == "sad":
            d.arc([x - r * 1.6, ly - r * 1.6, x + r * 1.6, ly + r * 1.2], 20, 160, fill=INK, width=lw)
        elif k == "x":
            d.line([x - r, ly - r, x + r, ly + r], fill=INK, width=lw)
            d.line([x - r, ly + r, x + r, ly - r], fill=INK, width=lw)
        elif k == "heart":
            s = r * 1.5
            d.ellipse([x - s, ly - s * 0.8, x, ly + s * 0.2], fill=(230, 40, 70))
            d.ellipse([x, ly - s * 0.8, x + s, ly + s * 0.2], fill=(230, 40, 70))
            d.polygon([(x - s, ly - s * 0.2), (x + s, ly - s * 0.2), (x, ly + s * 1.1)], fill=(230, 40, 70))
        elif k == "star":
            pts = []
            for j in range(10):
                a = -math.pi / 2 + j * math.pi / 5
                rr = r * 1.7 if j % 2 == 0 else r * 0.7
                pts.append((x + rr * math.cos(a), ly + rr * math.sin(a)))
            d.polygon(pts, fill=(255, 250, 120), outline=INK)
        elif k == "glasses":
            d.rectangle([x - r * 2.2, ly - r * 1.2, x + r * 2.2, ly + r * 1.4], fill=(30, 30, 40))
            if i == 0:
                d.line([lx + r * 2.2, ly, rx - r * 2.2, ly], fill=(30, 30, 40), width=lw)
        elif k == "angry":
            d.ellipse([x - r, ly - r, x + r, ly + r * 1.4], fill=INK)
            dx = r * 2.0 * (1 if i == 0 else -1)
            d.line([x - dx, ly - r * 2.4, x + dx * 0.4, ly - r * 1.3], fill=INK, width=lw)
        elif k == "spiral":
            for j in range(3):
                rr = r * (0.6 + j * 0.5)
                d.arc([x - rr, ly - rr, x + rr, ly + rr], j * 90, j * 90 + 270, fill=INK, width=max(1, lw // 2))

def mouth(d, n, kind):
    cx, cy = n * 0.5, n * 0.66
    w, lw = n * 0.2, max(1, int(n * 0.045))
    if kind == "smile":
        d.arc([cx - w, cy - w * 0.9, cx + w, cy + w * 0.6], 20, 160, fill=INK, width=lw)
    elif kind == "grin":
        d.chord([cx - w * 1.2, cy - w * 0.7, cx + w * 1.2, cy + w * 1.0], 0, 180, fill=(120, 30, 30), outline=INK)
        d.rectangle([cx - w * 0.9, cy + w * 0.15, cx + w * 0.9, cy + w * 0.35], fill=(255, 255, 255))
    elif kind == "frown":
        d.arc([cx - w, cy, cx + w, cy + w * 1.3], 200, 340, fill=INK, width=lw)
    elif kind == "o":
        d.ellipse([cx - w * 0.4, cy - w * 0.2, cx + w * 0.4, cy + w * 0.7], fill=(120, 30, 30), outline=INK)
    elif kind == "flat":
        d.line([cx - w * 0.8, cy + w * 0.2, cx + w * 0.8, cy + w * 0.2], fill=INK, width=lw)
    elif kind == "tongue":
        d.arc([cx - w, cy - w * 0.9, cx + w, cy + w * 0.6], 20, 160, fill=INK, width=lw)
        d.ellipse([cx - w * 0.4, cy + w * 0.2, cx + w * 0.4, cy + w * 0.95], fill=(240, 90, 110))
    elif kind == "wave":
        pts = [(cx - w + j * w / 4, cy + w * 0.25 + (w * 0.15 if j % 2 else -w * 0.15)) for j in range(9)]
        d.line(pts, fill=INK, width=lw)
    elif kind == "kiss":
        d.arc([cx - w * 0.3, cy - w * 0.3, cx + w * 0.3, cy + w * 0.2], 270, 90, fill=INK, width=lw)
        d.arc([cx - w * 0.3, cy + w * 0.2, cx + w * 0.3, cy + w * 0.7], 270, 90, fill=INK, width=lw)
    elif kind == "teeth":
        d.rectangle([cx - w, cy, cx + w, cy + w * 0.5], fill=(255, 255, 255), outline=INK, width=max(1, lw // 2))
        for j in range(1, 4):
            x = cx - w + j * w / 2
            d.line([x, cy, x, cy + w * 0.5], fill=INK, width=max(1, lw // 3))

def extras(d, n, kinds):
    for k in kinds:
        if k == "blush":
            for x in (n * 0.24, n * 0.76):
                d.ellipse([x - n * 0.07, n * 0.53, x + n * 0.07, n * 0.6], fill=(255, 120, 140, 160))
        elif k == "sweat":
            x, y = n * 0.78, n * 0.22
            d.polygon([(x, y), (x - n * 0.06, y + n * 0.12), (x + n * 0.06, y + n * 0.12)], fill=(110, 190, 255))
            d.ellipse([x - n * 0.06, y + n * 0.07, x + n * 0.06, y + n * 0.19], fill=(110, 190, 255))
        elif k == "tear":
            for x in (n * 0.3, n * 0.7):
                d.ellipse([x - n * 0.04, n * 0.5, x + n * 0.04, n * 0.62], fill=(80, 170, 255))
        elif k == "crown":
            d.polygon([(n * 0.3, n * 0.2), (n * 0.35, n * 0.06), (n * 0.43, n * 0.15), (n * 0.5, n * 0.03),
                       (n * 0.57, n * 0.15), (n * 0.65, n * 0.06), (n * 0.7, n * 0.2)], fill=(255, 200, 0), outline=INK)
        elif k == "zzz":
            for j, s in enumerate((0.1, 0.08, 0.06)):
                x, y = n * (0.72 + j * 0.07), n * (0.22 - j * 0.07)
                d.line([(x, y), (x + n * s, y), (x, y + n * s), (x + n * s, y + n * s)], fill=(60, 90, 200), width=max(1, int(n * 0.02)))
        elif k == "heartfloat":
            x, y, s = n * 0.8, n * 0.16, n * 0.08
            d.ellipse([x - s, y - s * 0.5, x, y + s * 0.5], fill=(240, 50, 90))
            d.ellipse([x, y - s * 0.5, x + s, y + s * 0.5], fill=(240, 50, 90))
            d.polygon([(x - s, y), (x + s, y), (x, y + s * 1.2)], fill=(240, 50, 90))

FACES = [
    ("[微笑]", "[微笑]", "smile", "yellow", "dot", "smile", []),
    ("[哈哈]", "[哈哈]", "haha", "yellow", "happy", "grin", []),
    ("[嘻嘻]", "[嘻嘻]", "xixi", "yellow", "happy", "smile", ["blush"]),
    ("[爱你]", "[愛你]", "aini", "pink", "heart", "smile", ["blush"]),
    ("[心]", "[心]", "xin", "pink", "heart", "kiss", ["heartfloat"]),
    ("[亲亲]", "[親親]", "qinqin", "yellow", "closed", "kiss", ["heartfloat"]),
    ("[害羞]", "[害羞]", "haixiu", "yellow", "closed", "smile", ["blush"]),
    ("[可爱]", "[可愛]", "keai", "pink", "star", "smile", ["blush"]),
    ("[酷]", "[酷]", "ku", "yellow", "glasses", "smile", []),
    ("[偷笑]", "[偷笑]", "touxiao", "yellow", "wink", "smile", []),
    ("[挤眼]", "[擠眼]", "jiyan", "yellow", "wink", "tongue", []),
    ("[馋嘴]", "[饞嘴]", "chanzui", "yellow", "happy", "tongue", []),
    ("[太开心]", "[太開心]", "taikaixin", "yellow", "happy", "grin", ["blush"]),
    ("[星星眼]", "[星星眼]", "xingxingyan", "yellow", "star", "grin", []),
    ("[得意]", "[得意]", "deyi", "yellow", "closed", "smile", ["crown"]),
    ("[耶]", "[耶]", "ye", "green", "happy", "grin", []),
    ("[鼓掌]", "[鼓掌]", "guzhang", "yellow", "happy", "o", []),
    ("[思考]", "[思考]", "sikao", "yellow", "dot", "flat", []),
    ("[疑问]", "[疑問]", "yiwen", "yellow", "dot", "o", ["sweat"]),
    ("[汗]", "[汗]", "han", "yellow", "dot", "flat", ["sweat"]),
    ("[无语]", "[無語]", "wuyu", "yellow", "closed", "flat", []),
    ("[晕]", "[暈]", "yun", "purple", "spiral", "wave", []),
    ("[困]", "[睏]", "kun", "blue", "closed", "o", ["zzz"]),
    ("[睡]", "[睡]", "shui", "blue", "closed", "flat", ["zzz"]),
    ("[哈欠]", "[哈欠]", "haqian", "yellow", "closed", "o", []),
    ("[泪]", "[淚]", "lei", "blue", "sad", "frown", ["tear"]),
    ("[悲伤]", "[悲傷]", "beishang", "blue", "sad", "frown", []),
    ("[委屈]", "[委屈]", "weiqu", "yellow", "sad", "wave", ["tear"]),
    ("[失望]", "[失望]", "shiwang", "yellow", "sad", "flat", []),
    ("[怒]", "[怒]", "nu", "red", "angry", "frown", []),
    ("[抓狂]", "[抓狂]", "zhuakuang", "red", "x", "teeth", []),
    ("[哼]", "[哼]", "heng", "red", "angry", "flat", []),
    ("[鄙视]", "[鄙視]", "bishi", "green", "closed", "wave", []),
    ("[吃惊]", "[吃驚]", "chijing", "yellow", "dot", "o", []),
    ("[生病]", "[生病]", "shengbing", "green", "x", "wave", ["sweat"]),
    ("[吐]", "[吐]", "tu", "green", "x", "o", []),
    ("[嘘]", "[噓]", "xu", "yellow", "dot", "kiss", []),
    ("[衰]", "[衰]", "shuai", "purple", "sad", "wave", ["sweat"]),
    ("[阴险]", "[陰險]", "yinxian", "purple", "angry", "smile", []),
    ("[坏笑]", "[壞笑]", "huaixiao", "purple", "wink", "grin", []),
    ("[憧憬]", "[憧憬]", "chongjing", "pink", "star", "o", ["blush"]),
    ("[加油]", "[加油]", "jiayou", "red", "happy", "teeth", []),
    ("[好冷]", "[好冷]", "haoleng", "blue", "dot", "teeth", []),
    ("[笑哭]", "[笑哭]", "xiaoku", "yellow", "happy", "grin", ["tear"]),
]

def draw_face(skin, eye, mouth_kind, extra):
    def fn(d, n):
        face_base(d, n, skin)
        eyes(d, n, eye)
        mouth(d, n, mouth_kind)
        extras(d, n, extra)
    return fn

# ---------------------------------------------------------------- animals (YYKit dict layout)
ANIMALS = [
    ("[猫咪]", "[貓咪]", "cat", (250, 180, 90)), ("[狗狗]", "[狗狗]", "dog", (200, 150, 100)),
    ("[兔子]", "[兔子]", "rabbit", (245, 245, 245)), ("[熊猫]", "[熊貓]", "panda", (250, 250, 250)),
    ("[小猪]", "[小豬]", "pig", (255, 170, 190)), ("[青蛙]", "[青蛙]", "frog", (120, 200, 90)),
    ("[老鼠]", "[老鼠]", "mouse", (190, 190, 200)), ("[狐狸]", "[狐狸]", "fox", (245, 130, 50)),
    ("[熊]", "[熊]", "bear", (170, 110, 70)), ("[老虎]", "[老虎]", "tiger", (250, 170, 40)),
    ("[小鸡]", "[小雞]", "chick", (255, 225, 80)), ("[企鹅]", "[企鵝]", "penguin", (60, 70, 90)),
]

def draw_animal(kind, color):
    def fn(d, n):
        c = color + (255,)
        dark = tuple(max(0, v - 70) for v in color) + (255,)
        # ears
        if kind in ("cat", "fox", "tiger"):
            for s in (-1, 1):
                x = n * 0.5 + s * n * 0.26
                d.polygon([(x - n * 0.14, n * 0.34), (x + s * n * 0.06, n * 0.06), (x + n * 0.14, n * 0.34)], fill=dark)
        elif kind == "rabbit":
            for s in (-1, 1):
                x = n * 0.5 + s * n * 0.14
                d.ellipse([x - n * 0.07, n * 0.02, x + n * 0.07, n * 0.42], fill=(230, 230, 230), outline=(200, 150, 160))
        elif kind in ("dog",):
            for s in (-1, 1):
                x = n * 0.5 + s * n * 0.32
                d.ellipse([x - n * 0.1, n * 0.2, x + n * 0.1, n * 0.58], fill=dark)
        elif kind in ("panda", "bear", "mouse", "pig"):
            for s in (-1, 1):
                x = n * 0.5 + s * n * 0.28
                ec = (30, 30, 30) if kind == "panda" else dark
                r = n * (0.15 if kind == "mouse" else 0.1)
                d.ellipse([x - r, n * 0.2 - r, x + r, n * 0.2 + r], fill=ec)
        d.ellipse([n * 0.12, n * 0.18, n * 0.88, n * 0.92], fill=c, outline=dark, width=max(1, int(n * 0.02)))
        if kind == "tiger":
            for x in (0.35, 0.5, 0.65):
                d.line([n * x, n * 0.2, n * x, n * 0.3], fill=(60, 40, 20), width=max(1, int(n * 0.03)))
        if kind == "panda":
            for s in (-1, 1):
                x = n * 0.5 + s * n * 0.16
                d.ellipse([x - n * 0.09, n * 0.42, x + n * 0.09, n * 0.6], fill=(30, 30, 30))
        if kind == "penguin":
            d.ellipse([n * 0.24, n * 0.36, n * 0.76, n * 0.9], fill=(250, 250, 250))
        eye = (255, 255, 255) if kind == "panda" else (30, 25, 20)
        for s in (-1, 1):
            x = n * 0.5 + s * n * 0.16
            d.ellipse([x - n * 0.035, n * 0.47, x + n * 0.035, n * 0.55], fill=eye)
        if kind in ("pig",):
            d.ellipse([n * 0.38, n * 0.6, n * 0.62, n * 0.76], fill=(240, 130, 160))
            for s in (-1, 1):
                d.ellipse([n * 0.5 + s * n * 0.05 - n * 0.02, n * 0.65, n * 0.5 + s * n * 0.05 + n * 0.02, n * 0.71], fill=(150, 60, 80))
        elif kind in ("chick", "penguin"):
            d.polygon([(n * 0.42, n * 0.6), (n * 0.58, n * 0.6), (n * 0.5, n * 0.72)], fill=(250, 140, 30))
        elif kind == "frog":
            d.arc([n * 0.3, n * 0.5, n * 0.7, n * 0.78], 20, 160, fill=(40, 90, 30), width=max(1, int(n * 0.03)))
        else:
            d.ellipse([n * 0.46, n * 0.6, n * 0.54, n * 0.66], fill=(60, 40, 40))
            d.arc([n * 0.4, n * 0.6, n * 0.6, n * 0.74], 30, 150, fill=(60, 40, 40), width=max(1, int(n * 0.02)))
    return fn

# ---------------------------------------------------------------- emoji (Emoji.plist)
EMOJI = [
    "😀", "😃", "😄", "😁", "😆", "😅", "🤣", "😂", "🙂", "🙃", "😉", "😊", "😇", "🥰", "😍", "🤩",
    "😘", "😋", "😛", "🤔", "🤗", "🤭", "🤫", "😐", "😑", "😶", "😏", "😒", "🙄", "😬", "😌", "😔",
    "😪", "😴", "😷", "🤒", "🥵", "🥶", "😵", "🤯", "🥳", "😎", "🤓", "😕", "😟", "😮", "😲", "😳",
    "🥺", "😢", "😭", "😱", "😤", "😡", "👍", "👍🏻", "👍🏽", "👍🏿", "👋🏼", "🙏🏾", "👏", "💪🏽", "🤝",
    "❤️", "❤", "🧡", "💛", "💚", "💙", "💜", "❤️‍🔥", "💔", "✨", "🔥", "🎉", "🌹", "☀️", "⭐",
    "1️⃣", "2️⃣", "#️⃣", "*️⃣", "🔟",
    "🇨🇳", "🇺🇸", "🇯🇵", "🇬🇧", "🇫🇷", "🇺🇳", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "🏳️‍🌈",
    "👨‍👩‍👧", "👨‍👩‍👧‍👦", "👩‍❤️‍👨", "👩‍💻", "👨🏽‍🍳", "🧑🏾‍🚀", "👩🏻‍🎓", "🧑‍🤝‍🧑", "🐻‍❄️", "🫠",
]

def write_plist(path, value, binary=False):
    with open(path, "wb") as f:
        plistlib.dump(value, f, fmt=plistlib.FMT_BINARY if binary else plistlib.FMT_XML, sort_keys=True)

def main():
    faces_dir = os.path.join(PACKS, "faces")
    entries = []
    for chs, cht, stem, skin, eye, mouth_kind, extra in FACES:
        save_variants(draw_face(skin, eye, mouth_kind, extra), faces_dir, f"f_{stem}")
        entries.append({"chs": chs, "cht": cht, "png": f"f_{stem}.png", "type": "0"})
    write_plist(os.path.join(faces_dir, "info.plist"), entries)

    animals_dir = os.path.join(PACKS, "com.emokit.animals")
    emoticons = []
    for chs, cht, stem, color in ANIMALS:
        save_variants(draw_animal(stem, color), animals_dir, f"a_{stem}")
        emoticons.append({"chs": chs, "cht": cht, "png": f"a_{stem}.png", "type": 0})
    emoticons.insert(4, {"chs": "🐶", "code": "0x1f436", "type": 1})
    emoticons.append({"chs": "🐼", "code": "U+1F43C", "type": "1"})
    write_plist(os.path.join(animals_dir, "info.plist"), {
        "id": "com.emokit.animals", "group_name_cn": "动物", "group_name_tw": "動物", "group_name_en": "Animals",
        "version": "1.0", "emoticons": emoticons}, binary=True)

    emoji_dir = os.path.join(PACKS, "emoji")
    os.makedirs(emoji_dir, exist_ok=True)
    write_plist(os.path.join(emoji_dir, "Emoji.plist"), EMOJI)

    write_plist(os.path.join(PACKS, "emoticons.plist"), {"packages": [
        {"id": "faces"}, {"id": "emoji"}, {"id": "com.emokit.animals"}]})

    def delete_icon(d, n):
        c = (110, 110, 120, 255)
        w = max(1, int(n * 0.06))
        pts = [(n * 0.08, n * 0.5), (n * 0.32, n * 0.22), (n * 0.9, n * 0.22), (n * 0.9, n * 0.78), (n * 0.32, n * 0.78)]
        d.polygon(pts, outline=c, fill=(255, 255, 255, 255), width=w)
        d.line([n * 0.46, n * 0.36, n * 0.72, n * 0.64], fill=c, width=w)
        d.line([n * 0.46, n * 0.64, n * 0.72, n * 0.36], fill=c, width=w)
    save_variants(delete_icon, ROOT, "delete")
    print(f"{len(FACES)} faces, {len(ANIMALS)} animals + 2 emoji, {len(EMOJI)} emoji")

if __name__ == "__main__":
    main()
