// The palette (see colors.h). Decisions are grouped by meaning so that similar outcomes share a hue family:
// ran the handler (blues), answered from the record (green), refused for now (orange), refused for good
// (vermillion/purple), never reached a decision on the record (greys), the service itself failed (indigo/wine).
#include "colors.h"

#include <algorithm>
#include <cmath>

namespace iw {

QColor stateColor(RecordState state)
{
    switch (state) {
    case RecordState::InProgress:
        return QColor(0xE6, 0x9F, 0x00); // orange: work under way
    case RecordState::Completed:
        return QColor(0x00, 0x9E, 0x73); // bluish green: a result to replay
    case RecordState::Expired:
        return QColor(0xA8, 0xA8, 0xA8); // grey: no longer protects anything
    }
    return QColor(Qt::gray);
}

QColor decisionColor(Decision decision)
{
    switch (decision) {
    case Decision::Created:
        return QColor(0x00, 0x72, 0xB2); // blue
    case Decision::LeaseTakeover:
        return QColor(0x56, 0xB4, 0xE9); // sky blue: ran the handler again, by taking over
    case Decision::ExpiredReexecuted:
        return QColor(0x3D, 0x5A, 0x98); // slate blue: ran the handler again, after expiry
    case Decision::Unprotected:
        return QColor(0x88, 0x22, 0x55); // wine: ran with no protection at all
    case Decision::Replayed:
        return QColor(0x00, 0x9E, 0x73); // green, as the completed record it came from
    case Decision::SeenNoResult:
        return QColor(0x99, 0x99, 0x33); // olive: "seen", but nothing to give back
    case Decision::ConflictInProgress:
        return QColor(0xE6, 0x9F, 0x00); // orange, as the in-progress record it met
    case Decision::PayloadMismatch:
        return QColor(0xCC, 0x79, 0xA7); // reddish purple
    case Decision::ExpiredRejected:
        return QColor(0xD5, 0x5E, 0x00); // vermillion
    case Decision::MissingKey:
        return QColor(0x77, 0x77, 0x77);
    case Decision::InvalidKey:
        return QColor(0x99, 0x99, 0x99);
    case Decision::RejectedPayload:
        return QColor(0xBB, 0xBB, 0xBB);
    case Decision::StoreUnavailable:
        return QColor(0x33, 0x22, 0x88); // indigo
    case Decision::UnknownOutcome:
        return QColor(0x44, 0xAA, 0x99); // teal
    case Decision::Crashed:
        return QColor(0x66, 0x33, 0x00); // dark brown
    }
    return QColor(Qt::gray);
}

QColor alarmColor()
{
    return QColor(0xD7, 0x19, 0x1C);
}

QColor stuckColor()
{
    return QColor(0xA0, 0x52, 0x2D); // sienna: an in-progress orange gone dark
}

QColor tombstoneColor()
{
    return QColor(0x4A, 0x4A, 0x5E);
}

QColor effectColor()
{
    return QColor(0x11, 0x11, 0x11);
}

QColor plotBackground()
{
    return QColor(Qt::white);
}

QColor laneStripeColor()
{
    return QColor(0xF5, 0xF6, 0xF8);
}

QColor selectedLaneColor()
{
    return QColor(0xFF, 0xF1, 0xC1); // a pale yellow highlighter
}

QColor captionBackground()
{
    return QColor(0x1E, 0x26, 0x33); // slate, opaque: the caption reads over any lane
}

QColor captionTextColor()
{
    return QColor(0xFF, 0xFF, 0xFF);
}

QColor captionDimTextColor()
{
    return QColor(0xAF, 0xC3, 0xDA);
}

double relativeLuminance(const QColor& color)
{
    const auto linear = [](double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
    const QColor rgb = color.toRgb();
    return 0.2126 * linear(rgb.redF()) + 0.7152 * linear(rgb.greenF()) + 0.0722 * linear(rgb.blueF());
}

double contrastRatio(const QColor& a, const QColor& b)
{
    const double la = relativeLuminance(a);
    const double lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

std::vector<ContrastPair> presenterContrastPairs()
{
    // Duplicate effects are the one thing the audience must see, on every surface they can be drawn on.
    return {
        { "alarm on the plot", alarmColor(), plotBackground() },
        { "alarm on a striped lane", alarmColor(), laneStripeColor() },
        { "alarm on the selected lane", alarmColor(), selectedLaneColor() },
        { "effect on the plot", effectColor(), plotBackground() },
        { "caption text", captionTextColor(), captionBackground() },
        { "caption step and keys", captionDimTextColor(), captionBackground() },
    };
}

QColor cellBackground(const QColor& color)
{
    // Blend towards white: keeps the hue recognisable while black text stays readable.
    constexpr double keep = 0.35;
    return QColor::fromRgbF(float(color.redF() * keep + (1 - keep)), float(color.greenF() * keep + (1 - keep)),
        float(color.blueF() * keep + (1 - keep)));
}

QColor textColorOn(const QColor& background)
{
    // Relative luminance (sRGB approximation): light backgrounds get black text.
    const double luminance = 0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
    return luminance > 0.55 ? QColor(Qt::black) : QColor(Qt::white);
}

} // namespace iw
